#!/usr/bin/env python3
"""Checks that css= accepts exactly the gradient strings Chromium accepts, and draws the accepted ones as Chromium.

A seeded grammar generates CSS gradient strings (`random.Random(seed)`, so a seed always gives the same strings):
valid ones (linear, radial and conic, plain and repeating; directions and angles with math functions, `to` sides and
corners, `in <space> [<hue> hue]`, radial shapes, sizes and `at` positions, conic `from` and `at`; stops in every
colour syntax gradientd supports — hex, names, rgb/hsl/hwb/lab/lch/oklab/oklch, color(), color-mix(), relative
colours, system colours, light-dark(), currentcolor — at positions in %, px, em, rem, vw/vh and calc(), min(),
max(), clamp(); colour hints) and, from every other one, a mutated copy (a token deleted, duplicated or swapped with
its neighbour, a wrong unit, a comma removed, a function misspelt, a parenthesis added or removed). Then, from a
generator seeded apart (so the strings above stay the same), layered backgrounds: two or three such gradients
separated by commas, as `background-image` lists them, every other one mutated in the same ways. Then, from a
third generator seeded apart, gradients whose colours write their channels, hues and alphas with math functions
(`calc()`, `min()`, `max()`, `clamp()`, `round()`, `abs()`, `mod()`, angles in hues) and relative colours whose
channel keywords take part in them (`oklch(from … calc(l * 0.9) min(c, 0.1) h)`), every other one mutated.

Chromium's verdict is `CSS.supports('background-image', s)` in headless Chromium driven through chromedriver
(Selenium, as Tests/browser starts it); gradientd's is the exit status of `gradient explain 'css=…'` (0 accepted,
2 refused). Every disagreement, in either direction, is printed with both verdicts and gradientd's reason, and
fails the run. Every RENDER_EVERY-th string both accept is also drawn by both at 64x48 with dither on and compared
over white as scripts/compare-with-chromium.py compares (its screenshot and metric: a mean absolute error of at most
1.0/255 and a 99.5th percentile of at most 4/255); a case beyond that fails the run too.

Kept out of the generator on purpose, each for the reason given:
- `var()`, `env()`, `attr()`: substitution functions make any declaration valid at parse time, so CSS.supports
  accepts every string holding one whatever else it holds; css= has no custom properties to substitute.
- An angle that depends on the viewport (`calc(1deg * 10vw / 1px)`): accepted by Chromium, refused by gradientd
  (a known gap, documented in docs/fidelity.md).
- `ex`, `ch`, `lh` and `cap`/`ic`/`rlh`, container and small/large/dynamic viewport units: they depend on a font or
  a container; accepted by Chromium, refused by gradientd (a known gap, documented in docs/fidelity.md).

Expected render difference, documented in the contract (printed as EXPECTED with the reason, counted, not failing
the run; any other render difference fails it): a repeating gradient whose stops all resolve to one position (a
zero-length period, seen in gradientd's canonical spec, e.g. `repeating-linear-gradient(red 30%, blue 10%)` or
lengths on a radial ending shape of zero width), alone or as a layer. docs/API.md draws the average colour, as CSS Images 4 says; Chromium
draws the last colour.

Render divergences found by earlier seeds (and by drawing every accepted string of seeds 1-15) and fixed, each with
a case in scripts/compare-with-chromium.py: a hint, or a radial gradient's stops before 0, without `in` among
non-legacy colours (Blink blends in sRGB, Skia draws in oklab); oklch and lch stops of little chroma (Blink's float
conversions and its 0.02 achromatic threshold); hints in polar spaces (blended as Blink blends them, each interval
taking its own hue arc); radial ending shapes of zero width or height (Skia's degenerate gradient); `rgb()`,
`hsl()`, `hwb()` with `none` counting as modern colours.

Seen when every accepted string of seeds 10-15 (150 each) is drawn, not fixed: an oklch gradient with `increasing`
or `decreasing hue` whose first stop is past 0 (Chromium pads with the colour as written, and the round trip of the
first stop through Blink's oklch can lower its hue by float noise, so the padding turns a full circle), and a conic
gradient through an out-of-gamut oklch colour (p99.5 5/255, a channel near 0).

Usage: scripts/css-parity.py [--gradient PATH] [--chromium PATH] [--seeds 1,2,3] [--count 100] [--keep DIR]
       [--list] (print the generated strings and exit)
"""

import argparse
import concurrent.futures
import importlib.util
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "browser"))


def load_pixel_comparison():
    """scripts/compare-with-chromium.py as a module: its screenshot, over_white, compare and thresholds."""
    spec = importlib.util.spec_from_file_location("compare_with_chromium", os.path.join(HERE, "compare-with-chromium.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PIXELS = load_pixel_comparison()
WIDTH, HEIGHT, GAP, COLUMNS, ROWS_PER_PAGE = 64, 48, 16, 6, 7
RENDER_EVERY = 5
# One layered background (a comma-separated list, as background-image) per LAYERED_SHARE single gradients, from
# random.Random(LAYERED_SEED_OFFSET + seed).
LAYERED_SHARE, LAYERED_SEED_OFFSET = 5, 1_000_000
# Gradients whose colours write their channels with math functions (calc(), min(), max(), clamp(), round(), abs(),
# mod(), channel keywords in relative colours): one per COLOUR_MATH_SHARE single gradients, from
# random.Random(COLOUR_MATH_SEED_OFFSET + seed).
COLOUR_MATH_SHARE, COLOUR_MATH_SEED_OFFSET = 3, 2_000_000

NAMED = ["red", "blue", "lime", "teal", "orange", "rebeccapurple", "transparent", "white", "black", "hotpink",
         "DarkSlateGray", "gold", "navy", "Crimson"]
SYSTEM = ["Canvas", "CanvasText", "LinkText", "VisitedText", "ActiveText", "ButtonFace", "ButtonText", "ButtonBorder",
          "Field", "FieldText", "Highlight", "HighlightText", "SelectedItem", "SelectedItemText", "Mark", "MarkText",
          "GrayText", "AccentColor", "AccentColorText"]
RGB_SPACES = ["srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020"]
XYZ_SPACES = ["xyz", "xyz-d50", "xyz-d65"]
RECTANGULAR = RGB_SPACES + XYZ_SPACES + ["lab", "oklab"]
POLAR = ["hsl", "hwb", "lch", "oklch"]
HUES = ["shorter", "longer", "increasing", "decreasing"]
SIDES_X, SIDES_Y = ["left", "right"], ["top", "bottom"]
EXTENTS = ["closest-side", "closest-corner", "farthest-side", "farthest-corner"]


class Grammar:
    """Random gradient strings from CSS Images 4's gradient grammar and CSS Color 4/5's colours."""

    def __init__(self, rng, colour_math=False):
        self.rng = rng
        self.colour_math = colour_math

    def pick(self, options):
        return self.rng.choice(options)

    def chance(self, probability):
        return self.rng.random() < probability

    def num(self, low, high, places=0):
        value = round(self.rng.uniform(low, high), places)
        return str(int(value)) if places == 0 else f"{value:g}"

    # Numbers, lengths and angles.

    def angle(self):
        unit = self.pick(["deg", "deg", "turn", "rad", "grad"])
        plain = {"deg": lambda: self.num(-360, 720), "turn": lambda: self.num(-1, 2, 2),
                 "rad": lambda: self.num(-3, 7, 2), "grad": lambda: self.num(0, 400)}[unit]() + unit
        return self.pick([
            lambda: plain,
            lambda: "0",
            lambda: f"calc({self.num(0, 90)}deg + {self.num(0, 90)}deg)",
            lambda: f"calc({self.num(0, 1, 2)}turn - {self.num(0, 45)}deg)",
            lambda: f"calc({self.num(1, 45)}deg * {self.num(1, 4)})",
            lambda: f"min({self.num(0, 180)}deg, {self.num(0, 1, 2)}turn)",
            lambda: f"max({self.num(0, 180)}deg, {self.num(0, 3, 1)}rad)",
            lambda: f"clamp(0deg, {self.num(-90, 270)}deg, 180deg)",
            lambda: f"round(up, {self.num(0, 100)}deg, 15deg)",
        ])()

    def length(self):
        """A <length> (no percentage)."""
        return self.pick([
            lambda: self.num(0, 60) + "px",
            lambda: self.num(0, 4, 1) + "em",
            lambda: self.num(0, 3, 1) + "rem",
            lambda: f"calc({self.num(0, 30)}px + {self.num(0, 2, 1)}em)",
            lambda: f"max({self.num(0, 30)}px, {self.num(0, 2, 1)}rem)",
        ])()

    def length_percentage(self, negative=True):
        low = -20 if negative else 0
        return self.pick([
            lambda: self.num(low, 120) + "%",
            lambda: self.num(low, 120) + "%",
            lambda: self.num(low, 80) + "px",
            lambda: self.num(0, 4, 1) + "em",
            lambda: self.num(0, 3, 1) + "rem",
            lambda: self.num(0, 50) + "vw",
            lambda: self.num(0, 50) + "vh",
            lambda: "0",
            lambda: f"calc({self.num(0, 100)}% - {self.num(0, 20)}px)",
            lambda: f"calc({self.num(0, 50)}% + {self.num(0, 2, 1)}em)",
            lambda: f"calc({self.num(0, 30)}vw + {self.num(0, 30)}%)",
            lambda: f"min({self.num(0, 100)}%, {self.num(0, 60)}px)",
            lambda: f"max({self.num(0, 100)}%, {self.num(0, 3, 1)}em)",
            lambda: f"clamp({self.num(0, 20)}px, {self.num(0, 100)}%, {self.num(40, 80)}px)",
            lambda: f"calc(({self.num(0, 50)}% + {self.num(0, 20)}px) * 2)",
        ])()

    def angle_percentage(self):
        """A conic stop position."""
        return self.pick([
            lambda: self.num(-10, 110) + "%",
            lambda: self.num(-30, 400) + "deg",
            lambda: self.num(0, 1, 2) + "turn",
            lambda: "0",
            lambda: f"calc({self.num(0, 50)}% + {self.num(0, 45)}deg)",
            lambda: f"max({self.num(0, 50)}%, {self.num(0, 90)}deg)",
            lambda: f"clamp(0deg, {self.num(0, 100)}%, 0.5turn)",
        ])()

    # Colours.

    NUMERIC = re.compile(r"^(-?[0-9.]+)(%|deg|turn|)$")

    def channel(self, text):
        """`text` (a channel, hue or alpha), written half the time as a math function of the same value's type when
        the grammar writes colour math; as is otherwise, drawing nothing from the generator."""
        if not self.colour_math or not self.chance(0.5):
            return text
        match = self.NUMERIC.match(text)
        if not match:
            return text
        value, unit = float(match.group(1)), match.group(2)
        scale = {"%": 100, "deg": 360, "turn": 1, "": max(1.0, abs(value))}[unit]
        other = lambda: f"{self.rng.uniform(0, scale):.3g}{unit}"
        templates = [
            lambda: f"calc({text})",
            lambda: f"calc({text} + {other()} - {other()})",
            lambda: f"calc({text} * 2 / 2)",
            lambda: f"min({text}, {other()})",
            lambda: f"max({text}, {other()}, {other()})",
            lambda: f"clamp({other()}, {text}, {other()})",
            lambda: f"abs(calc(-1 * {text}))",
            lambda: f"round({self.pick(['nearest', 'up', 'down', 'to-zero'])}, {text}, {other()})",
            lambda: f"mod({text}, {other()})",
        ]
        if unit == "deg":
            templates.append(lambda: f"calc({text} + 1turn)")
        return self.pick(templates)()

    def percent_or_number(self, high):
        return self.num(0, 100) + "%" if self.chance(0.4) else self.num(0, high, 2)

    def alpha(self):
        return self.channel(self.pick([self.num(0, 1, 2), self.num(0, 100) + "%"]))

    def modern_alpha(self):
        return f" / {self.alpha()}" if self.chance(0.3) else ""

    def hue(self):
        return self.channel(self.num(0, 360) + self.pick(["", "", "deg", "turn"])) if self.chance(0.9) else "none"

    def colour(self, depth=0):
        simple = [self.hex, self.named, self.rgb, self.hsl, self.hwb, self.lab_like, self.color_function,
                  self.system, self.current]
        nested = [self.color_mix, self.relative, self.light_dark] if depth < 2 else []
        generator = self.pick(simple * 2 + nested)
        return generator(depth) if generator in nested else generator()

    def hex(self):
        return "#" + "".join(self.pick("0123456789abcdefABCDEF") for _ in range(self.pick([3, 4, 6, 8])))

    def named(self):
        return self.pick(NAMED)

    def system(self):
        return self.pick(SYSTEM)

    def current(self):
        return self.pick(["currentcolor", "currentColor", "CURRENTCOLOR"])

    def rgb(self):
        channels = lambda percent: [
            self.channel(self.num(0, 100) + "%" if percent else self.num(0, 255)) for _ in range(3)]
        percent = self.chance(0.3)
        if self.chance(0.4):
            name = self.pick(["rgb", "rgba"])
            alpha = f", {self.alpha()}" if self.chance(0.4) else ""
            return f"{name}({', '.join(channels(percent))}{alpha})"
        return f"{self.pick(['rgb', 'rgba'])}({' '.join(channels(percent))}{self.modern_alpha()})"

    def hsl(self):
        name = self.pick(["hsl", "hsla"])
        if self.chance(0.4):
            alpha = f", {self.alpha()}" if self.chance(0.4) else ""
            return f"{name}({self.channel(self.num(0, 360))}, {self.num(0, 100)}%, {self.num(0, 100)}%{alpha})"
        saturation, lightness = self.channel(self.num(0, 100) + "%"), self.channel(self.num(0, 100) + "%")
        return f"{name}({self.hue()} {saturation} {lightness}{self.modern_alpha()})"

    def hwb(self):
        return f"hwb({self.hue()} {self.num(0, 100)}% {self.num(0, 100)}%{self.modern_alpha()})"

    def lab_like(self):
        space = self.pick(["lab", "lch", "oklab", "oklch"])
        scale = 1 if space.startswith("ok") else 100
        lightness = self.channel(self.num(0, 100) + "%" if self.chance(0.4) else self.num(0, scale, 2))
        if space in ("lab", "oklab"):
            a, b = (self.num(-0.4, 0.4, 2) for _ in range(2)) if scale == 1 else (self.num(-100, 100) for _ in range(2))
            return f"{space}({lightness} {a} {b}{self.modern_alpha()})"
        chroma = self.num(0, 0.37, 2) if scale == 1 else self.num(0, 130)
        return f"{space}({lightness} {chroma} {self.hue()}{self.modern_alpha()})"

    def color_function(self):
        space = self.pick(RGB_SPACES + XYZ_SPACES)
        channels = " ".join(self.channel(self.percent_or_number(1)) for _ in range(3))
        return f"color({space} {channels}{self.modern_alpha()})"

    def interpolation(self):
        space = self.pick(RECTANGULAR + POLAR)
        if space in POLAR and self.chance(0.5):
            return f"in {space} {self.pick(HUES)} hue"
        return f"in {space}"

    def color_mix(self, depth):
        first, second = self.colour(depth + 1), self.colour(depth + 1)
        if self.chance(0.5):
            first += f" {self.num(0, 100)}%"
        if self.chance(0.3):
            second += f" {self.num(0, 100)}%"
        return f"color-mix({self.interpolation()}, {first}, {second})"

    def relative(self, depth):
        origin = self.colour(depth + 1)
        return self.pick([
            lambda: f"rgb(from {origin} r g b{self.modern_alpha()})",
            lambda: f"rgb(from {origin} r calc(g + {self.num(0, 128)}) b)",
            lambda: f"rgb(from {origin} b g r / calc(alpha / 2))",
            lambda: f"hsl(from {origin} calc(h + {self.num(0, 180)}) s l)",
            lambda: f"hwb(from {origin} h w b{self.modern_alpha()})",
            lambda: f"lab(from {origin} l a b)",
            lambda: f"lch(from {origin} l c calc(h + {self.num(0, 90)}))",
            lambda: f"oklab(from {origin} l a b / {self.alpha()})",
            lambda: f"oklch(from {origin} l c h / {self.num(0, 1, 1)})",
            lambda: f"oklch(from {origin} calc(l * 0.8) c h)",
            lambda: f"color(from {origin} {self.pick(RGB_SPACES)} r g b)",
            lambda: f"color(from {origin} {self.pick(XYZ_SPACES)} x y z)",
        ] + ([
            lambda: f"oklch(from {origin} calc(l * {self.num(0, 1, 2)}) min(c, {self.num(0, 0.3, 2)}) h)",
            lambda: f"hsl(from {origin} clamp(0, h + {self.num(0, 90)}, 360) s calc(l / 2))",
            lambda: f"rgb(from {origin} max(r, g, b) round(up, g, {self.num(1, 50)}) abs(calc(b - 128)))",
            lambda: f"lab(from {origin} l calc(a * -1) calc(b * {self.num(0, 2, 1)}) / min(alpha, 0.5))",
            lambda: f"lch(from {origin} l c mod(h + {self.num(0, 720)}, 360))",
        ] if self.colour_math else []))()

    def light_dark(self, depth):
        return f"light-dark({self.colour(depth + 1)}, {self.colour(depth + 1)})"

    # Gradients.

    def position(self):
        x_word, y_word = self.pick(SIDES_X + ["center"]), self.pick(SIDES_Y + ["center"])
        return self.pick([
            lambda: self.pick(SIDES_X + SIDES_Y + ["center"]),
            lambda: self.length_percentage(),
            lambda: f"{x_word} {y_word}",
            lambda: f"{y_word} {x_word}" if "center" not in (x_word, y_word) else f"{x_word} {y_word}",
            lambda: f"{self.length_percentage()} {self.length_percentage()}",
            lambda: f"{x_word} {self.length_percentage()}",
            lambda: f"{self.length_percentage()} {y_word}",
            lambda: f"{self.pick(SIDES_X)} {self.length_percentage()} {self.pick(SIDES_Y)} {self.length_percentage()}",
            lambda: f"{self.pick(SIDES_Y)} {self.length_percentage()} {self.pick(SIDES_X)} {self.length_percentage()}",
            # Three values: CSS Values 4 allows them in background-position, not in a gradient's <position>.
            lambda: f"{self.pick(SIDES_X)} {self.length_percentage()} {self.pick(SIDES_Y)}",
        ])()

    def linear_prelude(self):
        direction = self.pick([
            lambda: self.angle(),
            lambda: "to " + self.pick(SIDES_X + SIDES_Y),
            lambda: "to " + " ".join(self.rng.sample([self.pick(SIDES_X), self.pick(SIDES_Y)], 2)),
            lambda: "",
        ])()
        interpolation = self.interpolation() if self.chance(0.35) else ""
        parts = [part for part in (direction, interpolation) if part]
        if len(parts) == 2 and self.chance(0.5):
            parts.reverse()
        return " ".join(parts)

    def radial_prelude(self):
        shape = self.pick([
            lambda: "",
            lambda: self.pick(["circle", "ellipse"]),
            lambda: self.pick(EXTENTS),
            lambda: " ".join(self.rng.sample([self.pick(["circle", "ellipse"]), self.pick(EXTENTS)], 2)),
            lambda: self.length(),
            lambda: " ".join(self.rng.sample(["circle", self.length()], 2)),
            lambda: f"{self.length_percentage(False)} {self.length_percentage(False)}",
            lambda: f"ellipse {self.length_percentage(False)} {self.length_percentage(False)}",
        ])()
        at = f"at {self.position()}" if self.chance(0.5) else ""
        interpolation = self.interpolation() if self.chance(0.3) else ""
        parts = [part for part in (shape, at, interpolation) if part]
        if interpolation and self.chance(0.5):
            parts = [interpolation] + parts[:-1]
        return " ".join(parts)

    def conic_prelude(self):
        start = f"from {self.angle()}" if self.chance(0.5) else ""
        at = f"at {self.position()}" if self.chance(0.4) else ""
        interpolation = self.interpolation() if self.chance(0.3) else ""
        parts = [part for part in (start, at, interpolation) if part]
        if interpolation and self.chance(0.5):
            parts = [interpolation] + parts[:-1]
        return " ".join(parts)

    def stops(self, position):
        count = self.pick([1, 2, 2, 3, 3, 4, 5])
        items, hinted = [], False
        for index in range(count):
            if 0 < index and not hinted and self.chance(0.15):
                items.append(position())
                hinted = True
                continue
            hinted = False
            stop = self.colour()
            if self.chance(0.5):
                stop += " " + position()
                if self.chance(0.2):
                    stop += " " + position()
            items.append(stop)
        if hinted:
            items.append(self.colour())
        return items

    def gradient(self):
        kind = self.pick(["linear", "radial", "conic"])
        prelude = {"linear": self.linear_prelude, "radial": self.radial_prelude, "conic": self.conic_prelude}[kind]()
        position = self.angle_percentage if kind == "conic" else self.length_percentage
        name = ("repeating-" if self.chance(0.3) else "") + kind + "-gradient"
        return f"{name}({', '.join(([prelude] if prelude else []) + self.stops(position))})"

    # Mutations.

    TOKEN = re.compile(r"[A-Za-z-]+\(|\(|\)|,|/|\s+|[^\s(),/]+")
    UNITS = re.compile(r"(?<=\d)(deg|turn|rad|grad|px|em|rem|vw|vh|%)$")

    def mutate(self, text):
        tokens = self.TOKEN.findall(text)
        solid = [index for index, token in enumerate(tokens) if not token.isspace()]
        functions = [index for index, token in enumerate(tokens) if token.endswith("(") and len(token) > 1]
        units = [index for index, token in enumerate(tokens) if self.UNITS.search(token)]
        commas = [index for index, token in enumerate(tokens) if token == ","]
        closers = [index for index, token in enumerate(tokens) if token == ")"]
        kind = self.pick(["delete", "duplicate", "swap", "unit", "comma", "function", "paren"])
        if kind == "unit" and units:
            index = self.pick(units)
            tokens[index] = self.UNITS.sub(self.pick(["px", "deg", "%", "s", "dpi", "fr", "x", ""]), tokens[index])
        elif kind == "comma" and commas:
            del tokens[self.pick(commas)]
        elif kind == "function" and functions:
            index = self.pick(functions)
            name = tokens[index][:-1]
            tokens[index] = self.pick([name + "x", name[:-1], name.replace("-", "_"), "rgbx", "calcx", "mix"]) + "("
        elif kind == "paren" and closers:
            if self.chance(0.5):
                del tokens[self.pick(closers)]
            else:
                tokens.insert(self.pick(solid), self.pick(["(", ")"]))
        elif kind == "swap" and len(solid) > 1:
            first = self.rng.randrange(len(solid) - 1)
            a, b = solid[first], solid[first + 1]
            tokens[a], tokens[b] = tokens[b], tokens[a]
        elif kind == "duplicate":
            index = self.pick(solid)
            tokens.insert(index, tokens[index] + self.pick(["", " "]))
        else:
            del tokens[self.pick(solid)]
        return "".join(tokens)


def generate(seeds, count):
    """`count` strings for each seed: even-numbered ones valid, odd-numbered ones a mutation of a valid one; then
    count / LAYERED_SHARE layered backgrounds per seed (two or three gradients separated by commas, every other one
    mutated), from a generator of their own so that the single-gradient strings stay what they were."""
    strings = []
    for seed in seeds:
        grammar = Grammar(random.Random(seed))
        for index in range(count):
            text = grammar.gradient()
            strings.append(grammar.mutate(text) if index % 2 else text)
    for seed in seeds:
        grammar = Grammar(random.Random(LAYERED_SEED_OFFSET + seed))
        for index in range(count // LAYERED_SHARE):
            text = ", ".join(grammar.gradient() for _ in range(grammar.pick([2, 3])))
            strings.append(grammar.mutate(text) if index % 2 else text)
    for seed in seeds:
        grammar = Grammar(random.Random(COLOUR_MATH_SEED_OFFSET + seed), colour_math=True)
        for index in range(count // COLOUR_MATH_SHARE):
            text = grammar.gradient()
            strings.append(grammar.mutate(text) if index % 2 else text)
    return strings


def chromium_verdicts(strings):
    """CSS.supports('background-image', s) for every string, in one headless Chromium."""
    from headless_chromium import make_driver

    driver = make_driver(60)
    try:
        driver.get("about:blank")
        return driver.execute_script("return arguments[0].map(s => CSS.supports('background-image', s))", strings)
    finally:
        driver.quit()


def gradientd_verdict(gradient, text):
    """(accepted, reason) from `gradient explain`; any exit status but 0 and 2 is an error of its own."""
    query = f"css={urllib.parse.quote(text, safe='')}&width={WIDTH}&height={HEIGHT}"
    result = subprocess.run([gradient, "explain", query], capture_output=True, text=True, timeout=60)
    if result.returncode not in (0, 2):
        raise RuntimeError(f"gradient explain exited with {result.returncode} for {text!r}: {result.stderr.strip()}")
    canonical = result.stdout.splitlines()[0].removeprefix("canonical: ") if result.returncode == 0 else ""
    return result.returncode == 0, result.stderr.strip(), canonical


def has_zero_period(canonical):
    """Whether a canonical spec (or one of its layers, which follow " over ") repeats with every stop at one
    position."""
    for layer in canonical.split(" over "):
        positions = set(re.findall(r"@(-?[\d.e+-]+)", layer))
        if " repeat " in layer and len(positions) == 1:
            return True
    return False


def origin(index):
    slot = index % (COLUMNS * ROWS_PER_PAGE)
    column, row = slot % COLUMNS, slot // COLUMNS
    return index // (COLUMNS * ROWS_PER_PAGE), GAP // 2 + column * (WIDTH + GAP), GAP // 2 + row * (HEIGHT + GAP)


VIEWPORT_UNIT = re.compile(r"(?<![\w.-])([+-]?(?:\d+\.?\d*|\.\d+))(vw|vh|vmin|vmax)\b")


def on_page(css):
    """`css` as the page draws it: gradientd takes the image as the viewport, the page's viewport is the window, so
    each viewport length becomes the same length in px of a WIDTH x HEIGHT viewport."""
    sizes = {"vw": WIDTH, "vh": HEIGHT, "vmin": min(WIDTH, HEIGHT), "vmax": max(WIDTH, HEIGHT)}
    return VIEWPORT_UNIT.sub(lambda match: f"calc({match[1]} * {sizes[match[2]] / 100}px)", css)


def write_page(path, cases):
    """One page of the (index, css) cases, each at its origin(); returns the page's size."""
    divs = []
    for index, css in cases:
        _, x, y = origin(index)
        css = on_page(css)
        style = f"position:absolute;left:{x}px;top:{y}px;width:{WIDTH}px;height:{HEIGHT}px;background:{css}"
        divs.append(f"<div style=\"{style.replace(chr(34), '&quot;')}\"></div>")
    rows = (len(cases) + COLUMNS - 1) // COLUMNS
    with open(path, "w") as page:
        page.write(
            "<!doctype html><html><head><meta charset=utf-8><style>html,body{margin:0;background:#fff;"
            "overflow:hidden}</style></head><body>" + "".join(divs) + "</body></html>"
        )
    return COLUMNS * (WIDTH + GAP), rows * (HEIGHT + GAP)


ZERO_PERIOD = "docs/API.md: a zero-length period draws the average colour, as CSS; Chromium draws the last colour"


def expected_render_difference(canonical):
    """The contract's reason why gradientd draws this spec differently from Chromium, or None."""
    return ZERO_PERIOD if has_zero_period(canonical) else None


def compare_renders(gradient, chromium, strings, work):
    """[(css, mean, p99.5, passed)] for each string, drawn by Chromium and by gradientd (dither on)."""
    pages = {}
    for index, css in enumerate(strings):
        pages.setdefault(origin(index)[0], []).append((index, css))
    shots = {}
    for number, cases in pages.items():
        page = os.path.abspath(os.path.join(work, f"parity-{number}.html"))
        shot = os.path.join(work, f"parity-chromium-{number}.png")
        width, height = write_page(page, cases)
        PIXELS.screenshot(chromium, page, shot, width, height)
        shots[number] = Image.open(shot)

    def render(index):
        output = os.path.join(work, f"parity-{index:03d}.png")
        query = f"css={urllib.parse.quote(strings[index], safe='')}&width={WIDTH}&height={HEIGHT}&dither=on"
        subprocess.run([gradient, "render", query, "-o", output], check=True, timeout=60)
        return output

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        outputs = list(pool.map(render, range(len(strings))))
    results = []
    for index, css in enumerate(strings):
        number, x, y = origin(index)
        reference = PIXELS.over_white(shots[number].crop((x, y, x + WIDTH, y + HEIGHT)))
        mean, p995, _ = PIXELS.compare(reference, PIXELS.over_white(Image.open(outputs[index])))
        results.append((css, mean, p995, mean <= PIXELS.MAX_MEAN and p995 <= PIXELS.MAX_P995))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gradient", default=".build/debug/gradient")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--seeds", default="1,2,3", help="comma-separated seeds (default 1,2,3)")
    parser.add_argument("--count", type=int, default=100, help="strings per seed (default 100)")
    parser.add_argument("--keep", help="directory to keep the pages, screenshots and renders in")
    parser.add_argument("--list", action="store_true", help="print the generated strings and exit")
    arguments = parser.parse_args()
    started = time.monotonic()
    strings = generate([int(seed) for seed in arguments.seeds.split(",")], arguments.count)
    if arguments.list:
        print("\n".join(strings))
        return 0
    browser = chromium_verdicts(strings)
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        ours = list(pool.map(lambda text: gradientd_verdict(arguments.gradient, text), strings))
    disagreements = [(text, chromium, accepted, reason)
                     for text, chromium, (accepted, reason, _) in zip(strings, browser, ours) if chromium != accepted]
    canonical = {text: form for text, (_, _, form) in zip(strings, ours)}
    for text, chromium, accepted, reason in disagreements:
        print(f"DISAGREE chromium={'accepts' if chromium else 'refuses'} "
              f"gradientd={'accepts' if accepted else 'refuses'}: {text}")
        if reason:
            print(f"    gradientd: {reason}")
    both = [text for text, chromium, (accepted, _, _) in zip(strings, browser, ours) if chromium and accepted]
    print(f"{len(strings)} strings: {len(strings) - len(disagreements)} agree ({len(both)} accepted by both, "
          f"{sum(not c and not a for c, (a, _, _) in zip(browser, ours))} refused by both), "
          f"{len(disagreements)} disagree")
    work = arguments.keep or tempfile.mkdtemp(prefix="gradient-parity-")
    os.makedirs(work, exist_ok=True)
    sample = both[::RENDER_EVERY]
    renders = compare_renders(arguments.gradient, arguments.chromium, sample, work) if sample else []
    beyond = [result for result in renders if not result[3]]
    expected = [result for result in beyond if expected_render_difference(canonical[result[0]])]
    mismatches = [result for result in beyond if result not in expected]
    for css, mean, p995, _ in beyond:
        reason = expected_render_difference(canonical[css])
        label = f"EXPECTED ({reason})" if reason else "RENDER"
        print(f"{label} MAE/255 {mean:.3f} p99.5/255 {p995}: {css}")
    print(f"{len(renders)} of them drawn by both at {WIDTH}x{HEIGHT}: {len(renders) - len(beyond)} within "
          f"tolerance, {len(expected)} expected differences (docs/API.md), {len(mismatches)} beyond "
          f"({time.monotonic() - started:.1f} s)")
    if not arguments.keep:
        shutil.rmtree(work)
    return 1 if disagreements or mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
