"""Value generators for the string formats openapi.yaml gives the colour parameters of /gradient.

`colors`, `base` and `css` take CSS colour syntax, which openapi.yaml describes in words and bounds with no pattern
(a pattern would refuse valid input in generated clients). Without a generator schemathesis would fill them with
arbitrary text, which the service rightly refuses, so this module, loaded through SCHEMATHESIS_HOOKS by
scripts/schemathesis.sh, registers generators of valid values for the formats `css-color`, `css-color-stop-list`
and `css-gradient`: every colour syntax of API.md "Colour stops" that the service reads, positions, two-position
stops and hints. The named colours are read from Sources/GradientCore/Color/NamedColors.swift, so they stay in step.
"""

import pathlib
import re

import schemathesis
from hypothesis import strategies as st

_ROOT = pathlib.Path(__file__).resolve().parent.parent
_NAMES = re.findall(
    r'\("([a-z]+)", 0x', (_ROOT / "Sources/GradientCore/Color/NamedColors.swift").read_text(encoding="utf-8")
)
assert len(_NAMES) == 148, f"expected the 148 CSS named colours, found {len(_NAMES)}"


def _number(low, high, places=2):
    return st.integers(low * 10**places, high * 10**places).map(lambda n: f"{n / 10**places:g}")


def _percent(low=0, high=100):
    return _number(low, high, 1).map(lambda n: f"{n}%")


_alpha = st.one_of(_number(0, 1), _percent())
_hue = st.one_of(_number(-360, 720, 1), _number(0, 360, 1).map(lambda n: f"{n}deg"), st.just("none"))


def _space_function(name, *components):
    """A modern (space-separated) colour function with an optional `/ alpha`."""
    return st.tuples(*components, st.one_of(st.none(), _alpha)).map(
        lambda parts: f"{name}({' '.join(parts[:-1])}{'' if parts[-1] is None else ' / ' + parts[-1]})"
    )


_channel = st.integers(0, 255).map(str)
_hex = st.sampled_from([3, 4, 6, 8]).flatmap(
    lambda n: st.tuples(st.sampled_from(["", "#"]), st.text("0123456789abcdefABCDEF", min_size=n, max_size=n))
).map("".join)
_named = st.sampled_from(_NAMES + ["transparent", "Red", "TRANSPARENT"])
_legacy_rgb = st.one_of(
    st.tuples(_channel, _channel, _channel).map(lambda c: f"rgb({','.join(c)})"),
    st.tuples(_channel, _channel, _channel, _number(0, 1)).map(lambda c: f"rgba({', '.join(c)})"),
)
_legacy_hsl = st.tuples(st.sampled_from(["hsl", "hsla"]), _number(0, 360), _percent(), _percent()).map(
    lambda p: f"{p[0]}({p[1]}, {p[2]}, {p[3]})"
)
css_color = st.one_of(
    _hex,
    _named,
    _legacy_rgb,
    _legacy_hsl,
    _space_function("rgb", st.one_of(_channel, _percent()), st.one_of(_channel, _percent()), _channel),
    _space_function("hsl", _hue, _percent(), _percent()),
    _space_function("hwb", _hue, _percent(), _percent()),
    _space_function("lab", _percent(), _number(-125, 125), _number(-125, 125)),
    _space_function("lch", _percent(), _number(0, 150), _hue),
    _space_function("oklab", st.one_of(_number(0, 1), _percent()), _number(-0.4, 0.4, 3), _number(-0.4, 0.4, 3)),
    _space_function("oklch", st.one_of(_number(0, 1), _percent()), _number(0, 0.4, 3), _hue),
)

# `colors` goes with every `type`, so its positions are the ones every type reads: fractions and percentages
# (`px` is not a conic position, an angle not a linear one). A hint needs a decimal point or `%`, so it is never
# read as a hex colour.
_hint = st.one_of(_number(0, 1).map(lambda n: n if "." in n else n + ".0"), _percent())
_position = st.one_of(_number(0, 1), _percent())


def _stop(color, position, separators):
    return st.tuples(color, st.lists(st.tuples(st.sampled_from(separators), position), max_size=2)).map(
        lambda s: s[0] + "".join(separator + value for separator, value in s[1])
    )


def _stop_list(color, position, hint, separators, comma, min_stops):
    """At least min_stops stops with, between any two of them, an optional hint."""
    stop = _stop(color, position, separators)
    return st.tuples(stop, st.lists(st.tuples(st.one_of(st.none(), hint), stop), min_size=min_stops - 1, max_size=5)).map(
        lambda s: s[0] + "".join((comma + h if h is not None else "") + comma + value for h, value in s[1])
    )


css_color_stop_list = _stop_list(css_color, _position, _hint, [" ", "@"], ",", 1)

_space = st.sampled_from(["srgb", "srgb-linear", "oklab", "lab"])
_polar = st.tuples(st.sampled_from(["oklch", "lch", "hsl", "hwb"]), st.sampled_from(["", " shorter hue", " longer hue", " increasing hue", " decreasing hue"])).map("".join)
_interpolation = st.one_of(st.none(), st.one_of(_space, _polar).map(lambda s: "in " + s))
_linear_prelude = st.one_of(
    st.none(),
    st.sampled_from(["to right", "to top left", "to bottom", "45deg", "0.25turn", "-90deg", "100grad"]),
)
_radial_prelude = st.one_of(
    st.none(),
    st.sampled_from(["circle", "ellipse", "circle at 30% 40%", "closest-side", "ellipse farthest-corner at left top", "40px", "40% 20%"]),
)
_conic_prelude = st.one_of(st.none(), st.sampled_from(["from 90deg", "at 25% 75%", "from 0.5turn at center"]))


# In CSS a hex colour needs its `#`, and a position is a percentage or a length (linear, radial) or an angle (conic).
_css_color = st.one_of(css_color.filter(lambda c: re.fullmatch("[0-9a-fA-F]+", c) is None), _hex.map(lambda h: "#" + h.lstrip("#")))
_length_position = st.one_of(_percent(), _number(0, 400).map(lambda n: n + "px"))
_angle_position = st.one_of(_percent(), _number(0, 360).map(lambda n: n + "deg"))


def _gradient(name, prelude, position):
    def render(parts):
        repeating, geometry, interpolation, stops = parts
        head = " ".join(part for part in (geometry, interpolation) if part)
        return f"{repeating}{name}({head + ', ' if head else ''}{stops})"

    stops = _stop_list(_css_color, position, position, [" "], ", ", 2)
    return st.tuples(st.sampled_from(["", "repeating-"]), prelude, _interpolation, stops).map(render)


_single_gradient = st.one_of(
    _gradient("linear-gradient", _linear_prelude, _length_position),
    _gradient("radial-gradient", _radial_prelude, _length_position),
    _gradient("conic-gradient", _conic_prelude, _angle_position),
)
# One gradient, or a layered background: two or three separated by commas, the first on top.
css_gradient = st.one_of(_single_gradient, st.lists(_single_gradient, min_size=2, max_size=3).map(", ".join))

schemathesis.openapi.format("css-color", css_color)
schemathesis.openapi.format("css-color-stop-list", css_color_stop_list)
schemathesis.openapi.format("css-gradient", css_gradient)
