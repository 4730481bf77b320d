#!/usr/bin/env python3
"""Checks that openapi.yaml's `GradientCSSQuery` (the query of /gradient.css) is `GradientQuery` (the query of
/gradient) less exactly what CSS cannot draw, so the two schemas cannot drift apart.

`GradientCSSQuery` is self-contained (an `allOf` over `GradientQuery` cannot be generated from), and shares its
properties and rules with `GradientQuery` through YAML aliases. This script fails, naming the difference, unless:

- its properties are those of `GradientQuery` but `mesh`, `points` and `smooth`, each one equal to `GradientQuery`'s
  but `type` (no `mesh`), `spread` (no `reflect` or `none`) and `grain` (only what the service reads as 0), which
  differ in nothing else
  than those values, their descriptions and examples;
- its `type`, `additionalProperties`, `allOf` and `oneOf` are `GradientQuery`'s;
- the `GradientCSS` parameter is the `Gradient` parameter with that schema, GET and HEAD /gradient.css take it, and
  each of its examples is valid against it.

Usage: scripts/openapi-css-query.py [PATH/TO/openapi.yaml]
"""

import pathlib
import sys

import jsonschema
import referencing
import referencing.jsonschema
import yaml

_ROOT = pathlib.Path(__file__).resolve().parent.parent

# The properties of GradientQuery that only a mesh takes.
_MESH_PROPERTIES = {"mesh", "points", "smooth"}
# What GradientCSSQuery leaves out of the values of the properties it narrows.
_EXCLUDED_TYPES = {"mesh"}
_EXCLUDED_SPREADS = {"reflect", "none"}
# The keys a narrowed property may state differently; every other key is GradientQuery's.
_NARROWING_KEYS = {"enum", "minimum", "maximum", "exclusiveMaximum", "description", "examples"}
# The service reads `grain` on a 1e-6 grid, rounding halves away from zero (`Quantized.value`): every double below
# half a step is no grain, and half a step is the first that is.
_GRAIN_STEP = 1e-6


def _without(schema, keys):
    return {key: value for key, value in schema.items() if key not in keys}


def differences(document):
    """The ways `GradientCSSQuery` departs from `GradientQuery` less what CSS cannot draw; empty when it does not."""
    schemas = document["components"]["schemas"]
    query = schemas["GradientQuery"]
    css_query = schemas["GradientCSSQuery"]
    problems = []
    expected_names = set(query["properties"]) - _MESH_PROPERTIES
    if set(css_query["properties"]) != expected_names:
        problems.append(
            f"GradientCSSQuery's properties {sorted(css_query['properties'])} are not GradientQuery's without "
            f"{sorted(_MESH_PROPERTIES)} ({sorted(expected_names)})"
        )
    narrowed = {"type", "spread", "grain"}
    for name in sorted(expected_names & set(css_query["properties"])):
        shared = query["properties"][name]
        own = css_query["properties"][name]
        if name in narrowed:
            if _without(own, _NARROWING_KEYS) != _without(shared, _NARROWING_KEYS):
                problems.append(f"{name} differs from GradientQuery's in more than {sorted(_NARROWING_KEYS)}")
        elif own != shared:
            problems.append(f"{name} differs from GradientQuery's {name}")
    types = css_query["properties"].get("type", {}).get("enum")
    if types != [value for value in query["properties"]["type"]["enum"] if value not in _EXCLUDED_TYPES]:
        problems.append(f"type's enum {types} is not GradientQuery's without {sorted(_EXCLUDED_TYPES)}")
    spreads = css_query["properties"].get("spread", {}).get("enum")
    if spreads != [value for value in query["properties"]["spread"]["enum"] if value not in _EXCLUDED_SPREADS]:
        problems.append(f"spread's enum {spreads} is not GradientQuery's without {sorted(_EXCLUDED_SPREADS)}")
    grain = css_query["properties"].get("grain", {})
    no_grain = {"minimum": 0, "maximum": None, "exclusiveMaximum": _GRAIN_STEP / 2, "enum": None}
    if {key: grain.get(key) for key in no_grain} != no_grain:
        problems.append(f"grain does not admit exactly the values read as no grain ({no_grain})")
    for key in ("type", "additionalProperties", "allOf", "oneOf"):
        if css_query.get(key) != query.get(key):
            problems.append(f"GradientCSSQuery's {key} is not GradientQuery's")

    parameters = document["components"]["parameters"]
    gradient, css_parameter = parameters["Gradient"], parameters["GradientCSS"]
    keys = ("examples", "description", "schema")
    if _without(css_parameter, keys) != _without(gradient, keys):
        problems.append("the GradientCSS parameter is not serialised as the Gradient parameter")
    if css_parameter.get("schema") != {"$ref": "#/components/schemas/GradientCSSQuery"}:
        problems.append("the GradientCSS parameter does not take GradientCSSQuery")
    for method in ("get", "head"):
        taken = document["paths"]["/gradient.css"][method].get("parameters")
        if taken != [{"$ref": "#/components/parameters/GradientCSS"}]:
            problems.append(f"{method.upper()} /gradient.css does not take the GradientCSS parameter alone")

    resource = referencing.Resource.from_contents(document, default_specification=referencing.jsonschema.DRAFT202012)
    registry = referencing.Registry().with_resource("urn:gradientd:openapi", resource)
    validator = jsonschema.Draft202012Validator(
        {"$ref": "urn:gradientd:openapi#/components/schemas/GradientCSSQuery"}, registry=registry
    )
    for name, example in css_parameter.get("examples", {}).items():
        for error in validator.iter_errors(example["value"]):
            problems.append(f"the GradientCSS example {name} is not a GradientCSSQuery: {error.message[:200]}")
    return problems


def main(arguments):
    path = pathlib.Path(arguments[0]) if arguments else _ROOT / "openapi.yaml"
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    problems = differences(document)
    for problem in problems:
        print(f"{path}: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"{path}: GradientCSSQuery is GradientQuery without what CSS cannot draw")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
