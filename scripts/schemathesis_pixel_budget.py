"""The exact pixel budget of /gradient (and of /gradient.css, whose query has the same size rule), checked on every
response schemathesis gets, and the two documented approximations of openapi.yaml.

openapi.yaml's `SizeBudget` admits a subset of the sizes the service renders (boxes; JSON Schema cannot write a
product), so a size between the boxes and the exact limit of API.md is valid for the service but outside the schema.
This module, loaded through SCHEMATHESIS_HOOKS by scripts/schemathesis.sh, holds the service to the exact rule
instead:

- the check `pixel_budget_follows_api` fails when /gradient answers 200 for an image over the exact limit, or answers
  a 400 that blames the size (`parameter` width, height, scale or format, "over the limit" or "whole frames") for an
  image within it;
- the `filter_failure` hook drops a "schema-violating request accepted" report on either path only when the request
  breaks nothing in its path's query schema (`GradientQuery` for /gradient, `GradientCSSQuery` for /gradient.css)
  but `SizeBudget` (and its size is within the exact limit) or the patterns of
  `colors`, `base` and `css`, judged on the parameters the request carried (schemathesis may draw an extra property
  whose value, an empty array, never reaches the URL), that is when accepting it was right: those patterns state a
  regular subset of the CSS syntax API.md gives (which no regular expression can state), so that a client generated from openapi.yaml is never
  refused, and the service reads more than they admit. Every other report of that check stands, and so does every
  report of a schema-valid request refused.
"""

import copy
import math
import pathlib
import re
import sys
import urllib.parse

import jsonschema
import referencing
import schemathesis
import yaml
from schemathesis.core.failures import AcceptedNegativeData, Failure

_ROOT = pathlib.Path(__file__).resolve().parent.parent
_MAX_CSS_DIMENSION = 8192
_MAX_PIXEL_SIDE = 16384
_MAX_PIXELS = 33_554_432
_MAX_FRAME_PIXELS = 16_777_216
_WHOLE_FRAME_FORMATS = {"webp", "avif"}


# The parameters whose patterns state a subset of API.md's CSS syntax.
_CSS_SYNTAX_PARAMETERS = ("colors", "base", "css")


# The query schema of each path that takes a gradient query.
_QUERY_SCHEMAS = {"/gradient": "GradientQuery", "/gradient.css": "GradientCSSQuery"}


def _query_validator(schema_name, relax_css_syntax):
    """A validator of the query schema `schema_name` of openapi.yaml with `SizeBudget` admitting every size and, when
    `relax_css_syntax`, the CSS syntax parameters every string."""
    document = yaml.safe_load((_ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    document = copy.deepcopy(document)
    document["components"]["schemas"]["SizeBudget"] = True
    properties = document["components"]["schemas"][schema_name]["properties"]
    for name in _CSS_SYNTAX_PARAMETERS if relax_css_syntax else ():
        del properties[name]["pattern"]
    resource = referencing.Resource.from_contents(document, default_specification=referencing.jsonschema.DRAFT202012)
    registry = referencing.Registry().with_resource("urn:gradientd:openapi", resource)
    schema = {"$ref": f"urn:gradientd:openapi#/components/schemas/{schema_name}"}
    return jsonschema.Draft202012Validator(schema, registry=registry)


# Per path: (the validator with relaxed CSS syntax, the validator that relaxes `SizeBudget` only).
_VALIDATORS = {
    path: (_query_validator(name, relax_css_syntax=True), _query_validator(name, relax_css_syntax=False))
    for path, name in _QUERY_SCHEMAS.items()
}


def _integer(value):
    """`value` as the service reads an integer parameter, or None when it is not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"[0-9]+", value):
        return int(value)
    return None


def _number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str) and re.fullmatch(r"[0-9]+(?:\.[0-9]+)?", value):
        return float(value)
    return None


def exact_size(query):
    """(pixel width, pixel height, format) for a query whose size parameters the service reads, else None."""
    if not isinstance(query, dict):
        return None
    width = _integer(query.get("width", 512))
    height = _integer(query.get("height", 512))
    scale = _number(query.get("scale", 1))
    if width is None or height is None or scale is None:
        return None
    if not (1 <= width <= _MAX_CSS_DIMENSION and 1 <= height <= _MAX_CSS_DIMENSION and 1 <= scale <= 4):
        return None
    # Swift's `rounded()` rounds halves away from zero.
    return math.floor(width * scale + 0.5), math.floor(height * scale + 0.5), query.get("format", "png")


def within_budget(size):
    pixel_width, pixel_height, image_format = size
    if pixel_width > _MAX_PIXEL_SIDE or pixel_height > _MAX_PIXEL_SIDE:
        return False
    area = pixel_width * pixel_height
    if area > _MAX_PIXELS:
        return False
    return not (image_format in _WHOLE_FRAME_FORMATS and area > _MAX_FRAME_PIXELS)


def _is_gradient(case):
    return case.operation.path == "/gradient" and case.method.upper() in ("GET", "HEAD")


def _takes_gradient_query(case):
    """/gradient or /gradient.css, whose query schemas share `SizeBudget` and the CSS syntax patterns."""
    return case.operation.path in _QUERY_SCHEMAS and case.method.upper() in ("GET", "HEAD")


def _blames_size(response):
    """Whether a 400 problem document says the image is too large."""
    try:
        problem = response.json()
    except ValueError:
        return False
    if not isinstance(problem, dict) or problem.get("parameter") not in ("width", "height", "scale", "format"):
        return False
    detail = problem.get("detail", "")
    return "over the limit" in detail or "encodes whole frames" in detail


@schemathesis.check
def pixel_budget_follows_api(ctx, response, case):
    """/gradient renders every size within API.md's exact pixel budget and refuses every size over it."""
    if not _is_gradient(case):
        return None
    size = exact_size(case.query)
    if size is None:
        return None
    if response.status_code == 200 and not within_budget(size):
        raise AssertionError(f"answered 200 for a {size[0]}×{size[1]} {size[2]} image, over the pixel budget")
    if response.status_code == 400 and case.method.upper() == "GET" and _blames_size(response) and within_budget(size):
        raise AssertionError(f"refused a {size[0]}×{size[1]} {size[2]} image as too large; it is within the budget")
    return None


def sent_query(case, response):
    """The parameters of `case.query` that the request carried: schemathesis may draw a property whose value (an empty
    array) serialises to nothing, and so counts as negative a request that reached the service without it."""
    if not isinstance(case.query, dict):
        return case.query
    sent = {name for name, _ in urllib.parse.parse_qsl(urllib.parse.urlsplit(response.request.url).query,
                                                       keep_blank_values=True)}
    return {name: value for name, value in case.query.items() if name in sent}


@schemathesis.hook
def filter_failure(context, failure: Failure, case, response):
    """Keeps every failure but an accepted request that breaks only `SizeBudget` (within the exact budget) or the CSS
    syntax patterns."""
    if not isinstance(failure, AcceptedNegativeData) or not _takes_gradient_query(case):
        return True
    query_validator, size_only_validator = _VALIDATORS[case.operation.path]
    query = sent_query(case, response)
    size = exact_size(query)
    if size is None or not within_budget(size) or not query_validator.is_valid(query):
        return True
    if size_only_validator.is_valid(query):
        approximation = "openapi.yaml's SizeBudget boxes (the size is within API.md's exact limit)"
    else:
        approximation = "the patterns of colors, base or css (a regular subset of API.md's CSS syntax)"
    unsent = sorted(set(case.query) - set(query)) if isinstance(case.query, dict) else []
    if unsent:
        approximation += f", once the parameters it never sent ({', '.join(map(repr, unsent))}: empty) are left out"
    print(
        f"documented approximation: {case.method.upper()} {case.operation.path} of a {size[0]}×{size[1]} "
        f"{size[2]} image was accepted; it breaks at most {approximation}, so the report is dropped",
        file=sys.stderr,
        flush=True,
    )
    return False
