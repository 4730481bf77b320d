#!/usr/bin/env python3
"""A seeded random generator of /gradient queries over the whole `css=` grammar, sizes and options: the judge of
the PNG encoder (bench/png_peers.py --random SEED), data nobody tuned the encoder on.

Every query is a `css=` gradient the service accepts, drawn from `random.Random(seed)` (so a seed always gives the
same queries, on every host and Python 3 release):
- kind: linear (any angle, in deg/rad/grad/turn, not only multiples of 45°; `to` sides and corners; none), radial
  (circle or ellipse; every size keyword, explicit radii in px or %; centred or off-centre, keywords, px, %), conic
  (`from` any angle, `at` any position); a quarter of them `repeating-`;
- stops: 2-16 (most 2-4), positions random, in order or not (CSS fixes them up), hard stops, two-position stops,
  colour hints; transparent and translucent stops;
- colours: hex of 3, 4, 6 and 8 digits, named, `rgb()`/`rgba()` (legacy and modern), `hsl()`, `hwb()`, `lab()`,
  `lch()`, `oklab()`, `oklch()`, `color()` in predefined spaces, `color-mix()`; palettes saturated, near-grey,
  near-equal (a few units apart: few distinct colours) or dark;
- interpolation: `in <space>` with every space and, for polar ones, every hue method;
- layered `css=` of 2-4 gradients with `blend=` modes (one case in six);
- size: each side log-uniform from 1 to 2048 px (three in ten) or from 32 to 2048 px (odd sides as often as even), `scale` 1, 2 or 3, at most
  4,194,304 output pixels (a larger draw keeps scale 1); `dither` on or off; `grain` with a seed (one case in eight).

16-bit output is left out (Pillow, the peer, writes 8-bit RGB and RGBA PNGs only).

Usage: python3 bench/random_gradients.py --seed 7 --count 20   (prints the queries, one a line)
"""
import argparse
import math
import random
import urllib.parse

SPACES_RECTANGULAR = ["srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "lab", "oklab",
                      "xyz", "xyz-d50", "xyz-d65"]
SPACES_POLAR = ["hsl", "hwb", "lch", "oklch"]
HUE_METHODS = ["shorter", "longer", "increasing", "decreasing"]
PREDEFINED = ["srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "xyz", "xyz-d50", "xyz-d65"]
NAMED = ["red", "blue", "white", "black", "orange", "rebeccapurple", "teal", "gold", "navy", "coral", "ivory",
         "tomato", "lime", "silver", "crimson", "slategray", "peachpuff", "midnightblue", "chartreuse", "gainsboro"]
BLEND_MODES = ["normal", "multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn",
               "hard-light", "soft-light", "difference", "exclusion", "hue", "saturation", "color", "luminosity"]
SIDES_X = ["left", "right"]
SIDES_Y = ["top", "bottom"]
EXTENTS = ["closest-side", "closest-corner", "farthest-side", "farthest-corner"]
MAXIMUM_PIXELS = 2048 * 2048


def number(value, digits=2):
    """A CSS number without a trailing zero or a sign of zero."""
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class GradientGenerator:
    """Draws queries from one seeded random source."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def chance(self, probability):
        return self.rng.random() < probability

    def pick(self, items):
        return items[self.rng.randrange(len(items))]

    # Colours: a palette decides the RGB values, a syntax writes them.

    def palette(self):
        """A function drawing (r, g, b) in 0...1 for one gradient's stops."""
        style = self.pick(["saturated", "saturated", "any", "near-grey", "near-equal", "dark"])
        if style == "saturated":
            return lambda: self.hsv(self.rng.random(), self.rng.uniform(0.6, 1), self.rng.uniform(0.5, 1))
        if style == "near-grey":
            return lambda: self.grey(self.rng.random(), 0.03)
        if style == "near-equal":
            base = [self.rng.random() for _ in range(3)]
            spread = self.pick([1, 2, 4, 8]) / 255
            return lambda: tuple(min(1, max(0, channel + self.rng.uniform(-spread, spread))) for channel in base)
        if style == "dark":
            return lambda: tuple(self.rng.uniform(0, 0.25) for _ in range(3))
        return lambda: tuple(self.rng.random() for _ in range(3))

    def hsv(self, hue, saturation, value):
        sector = hue * 6
        index = int(sector) % 6
        fraction = sector - math.floor(sector)
        p, q, t = value * (1 - saturation), value * (1 - fraction * saturation), value * (1 - (1 - fraction) * saturation)
        return [(value, t, p), (q, value, p), (p, value, t), (p, q, value), (t, p, value), (value, p, q)][index]

    def grey(self, level, tint):
        return tuple(min(1, max(0, level + self.rng.uniform(-tint, tint))) for _ in range(3))

    def alpha(self):
        """None for opaque (most stops), else a translucent alpha in 0...1."""
        roll = self.rng.random()
        if roll < 0.8:
            return None
        return 0.0 if roll < 0.85 else round(self.rng.random(), 2)

    def colour(self, rgb, alpha):
        """`rgb` written in one of the CSS colour syntaxes (converted where the syntax is not sRGB's)."""
        r, g, b = rgb
        byte = [round(channel * 255) for channel in rgb]
        syntaxes = ["hex", "hex", "rgb", "rgb-legacy", "hsl", "hwb", "oklch", "oklab", "lab", "lch", "color"]
        if alpha is None:
            syntaxes.append("named-or-hex")
        syntax = self.pick(syntaxes)
        modern_alpha = "" if alpha is None else f" / {number(alpha)}"
        if alpha == 0 and self.chance(0.5):
            return "transparent"
        if syntax == "named-or-hex":
            return self.pick(NAMED) if self.chance(0.3) else "#" + "".join(f"{v:02x}" for v in byte)
        if syntax == "hex":
            if alpha is not None:
                alpha_byte = round(alpha * 255)
                if self.chance(0.3) and all(v % 17 == 0 for v in byte + [alpha_byte]):
                    return "#" + "".join(f"{v // 17:x}" for v in byte + [alpha_byte])
                return "#" + "".join(f"{v:02x}" for v in byte + [alpha_byte])
            if self.chance(0.2):
                return "#" + "".join(f"{v // 17:x}" for v in byte)
            return "#" + "".join(f"{v:02x}" for v in byte)
        if syntax == "rgb":
            return f"rgb({byte[0]} {byte[1]} {byte[2]}{modern_alpha})"
        if syntax == "rgb-legacy":
            if alpha is None:
                return f"rgb({byte[0]}, {byte[1]}, {byte[2]})"
            return f"rgba({byte[0]}, {byte[1]}, {byte[2]}, {number(alpha)})"
        if syntax in ("hsl", "hwb"):
            hue, saturation, lightness = rgb_to_hsl(r, g, b)
            if syntax == "hsl":
                return f"hsl({number(hue, 1)} {number(saturation * 100, 1)}% {number(lightness * 100, 1)}%{modern_alpha})"
            whiteness, blackness = min(r, g, b), 1 - max(r, g, b)
            return f"hwb({number(hue, 1)} {number(whiteness * 100, 1)}% {number(blackness * 100, 1)}%{modern_alpha})"
        if syntax in ("oklab", "oklch"):
            lightness, a, b_axis = srgb_to_oklab(r, g, b)
            if syntax == "oklab":
                return f"oklab({number(lightness, 4)} {number(a, 4)} {number(b_axis, 4)}{modern_alpha})"
            chroma, hue = math.hypot(a, b_axis), math.degrees(math.atan2(b_axis, a)) % 360
            return f"oklch({number(lightness, 4)} {number(chroma, 4)} {number(hue, 2)}{modern_alpha})"
        if syntax in ("lab", "lch"):
            lightness, a, b_axis = srgb_to_lab(r, g, b)
            if syntax == "lab":
                return f"lab({number(lightness, 2)} {number(a, 2)} {number(b_axis, 2)}{modern_alpha})"
            chroma, hue = math.hypot(a, b_axis), math.degrees(math.atan2(b_axis, a)) % 360
            return f"lch({number(lightness, 2)} {number(chroma, 2)} {number(hue, 2)}{modern_alpha})"
        space = self.pick(["srgb", "srgb", "display-p3", "srgb-linear"])
        channels = [r, g, b]
        if space == "srgb-linear":
            channels = [to_linear(channel) for channel in channels]
        elif space == "display-p3":
            channels = [min(1, max(0, channel + self.rng.uniform(-0.05, 0.05))) for channel in channels]
        if self.chance(0.1):
            other = f"#{self.rng.randrange(1 << 24):06x}"
            return f"color-mix(in {self.pick(SPACES_RECTANGULAR + SPACES_POLAR)}, {other}, " \
                   f"color({space} {' '.join(number(c, 4) for c in channels)}) {self.rng.randrange(10, 91)}%)"
        return f"color({space} {' '.join(number(c, 4) for c in channels)}{modern_alpha})"

    # Geometry.

    def angle(self):
        degrees = self.rng.uniform(-360, 720) if self.chance(0.2) else self.rng.uniform(0, 360)
        unit = self.pick(["deg", "deg", "deg", "rad", "turn", "grad"])
        if self.chance(0.15):
            degrees = self.pick([0, 45, 90, 135, 180, 225, 270, 315]) + self.pick([-1, 1]) * self.rng.uniform(0, 3)
        scale = {"deg": 1, "rad": math.pi / 180, "turn": 1 / 360, "grad": 400 / 360}[unit]
        return number(degrees * scale, 4) + unit

    def length_percentage(self, maximum_px):
        if self.chance(0.5):
            return number(self.rng.uniform(-10, 110), 1) + "%"
        return number(self.rng.uniform(-0.1, 1.1) * maximum_px, 1) + "px"

    def position(self, width, height):
        return self.pick([
            lambda: "center",
            lambda: f"{self.pick(SIDES_X + ['center'])} {self.pick(SIDES_Y + ['center'])}",
            lambda: f"{self.length_percentage(width)} {self.length_percentage(height)}",
            lambda: f"{self.pick(SIDES_X)} {self.length_percentage(width)} {self.pick(SIDES_Y)} "
                    f"{self.length_percentage(height)}",
        ])()

    def interpolation(self):
        if self.chance(0.5):
            space = self.pick(SPACES_POLAR)
            return f"in {space} {self.pick(HUE_METHODS)} hue" if self.chance(0.6) else f"in {space}"
        return f"in {self.pick(SPACES_RECTANGULAR)}"

    def prelude(self, kind, width, height):
        parts = []
        if kind == "linear":
            roll = self.rng.random()
            if roll < 0.55:
                parts.append(self.angle())
            elif roll < 0.7:
                parts.append("to " + self.pick(SIDES_X + SIDES_Y))
            elif roll < 0.9:
                parts.append(f"to {self.pick(SIDES_Y)} {self.pick(SIDES_X)}")
        elif kind == "radial":
            shape = self.pick(["", "circle", "ellipse"])
            size = self.pick(["", "keyword", "explicit"])
            if size == "keyword":
                parts.append(" ".join(part for part in (shape, self.pick(EXTENTS)) if part))
            elif size == "explicit" and shape == "circle":
                parts.append(f"circle {number(self.rng.uniform(1, 1.2 * max(width, height)), 1)}px")
            elif size == "explicit":
                radii = [self.length_percentage(width).lstrip("-"), self.length_percentage(height).lstrip("-")]
                parts.append(("ellipse " if shape else "") + " ".join(radii))
            elif shape:
                parts.append(shape)
            if self.chance(0.6):
                parts.append("at " + self.position(width, height))
        else:
            if self.chance(0.6):
                parts.append("from " + self.angle())
            if self.chance(0.6):
                parts.append("at " + self.position(width, height))
        if self.chance(0.4):
            parts.append(self.interpolation())
        return " ".join(parts)

    def stop_count(self):
        return self.pick([2, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6, 8, 10, 12, 16])

    def stop_position(self, kind, line_px):
        if kind == "conic" and self.chance(0.4):
            return number(self.rng.uniform(-20, 380), 1) + "deg"
        if self.chance(0.15) and kind != "conic":
            return number(self.rng.uniform(0, line_px), 1) + "px"
        return number(self.rng.uniform(-5, 105), 1) + "%"

    def stops(self, kind, line_px, repeating):
        draw = self.palette()
        translucent = self.chance(0.25)
        count = self.stop_count()
        positioned = self.pick(["none", "some", "all"])
        positions = sorted(self.stop_position(kind, line_px) for _ in range(count)) if positioned != "none" else []
        if repeating and positioned == "none":
            positions = [number(i * self.rng.uniform(2, 20), 1) + "%" for i in range(count)]
            positioned = "all"
        items = []
        for index in range(count):
            colour = self.colour(draw(), self.alpha() if translucent else None)
            stop = colour
            if positioned == "all" or (positioned == "some" and self.chance(0.5)):
                stop += " " + positions[index]
                if self.chance(0.1):
                    stop += " " + self.stop_position(kind, line_px)
            elif positioned == "some" and self.chance(0.1) and index > 0:
                stop += " " + items[-1].split(" ")[-1] if items[-1].endswith("%") else ""
            items.append(stop)
            if index + 1 < count and self.chance(0.12):
                items.append(number(self.rng.uniform(0, 100), 1) + "%")
        if self.chance(0.15) and count >= 2:
            # A hard stop: two colours at one position.
            at = number(self.rng.uniform(10, 90), 1) + "%"
            split = self.rng.randrange(1, len(items) + 1)
            items[split:split] = [f"{self.colour(draw(), None)} {at}", f"{self.colour(draw(), None)} {at}"]
        return items

    def gradient(self, width, height):
        kind = self.pick(["linear", "linear", "linear", "radial", "radial", "conic"])
        repeating = self.chance(0.25)
        prelude = self.prelude(kind, width, height)
        line_px = math.hypot(width, height)
        items = ([prelude] if prelude else []) + self.stops(kind, line_px, repeating)
        return f"{'repeating-' if repeating else ''}{kind}-gradient({', '.join(items)})"

    def size(self):
        def side():
            low = 0 if self.chance(0.3) else 5
            return max(1, min(2048, round(2 ** self.rng.uniform(low, 11))))
        width, height = side(), side()
        scale = self.pick([1, 1, 1, 1, 2, 2, 3])
        if width * height * scale * scale > MAXIMUM_PIXELS:
            scale = 1
        return width, height, scale

    def query(self):
        width, height, scale = self.size()
        layers = 1 if not self.chance(1 / 6) else self.rng.randint(2, 4)
        css = ", ".join(self.gradient(width, height) for _ in range(layers))
        items = [("css", css), ("width", str(width)), ("height", str(height))]
        if scale != 1:
            items.append(("scale", str(scale)))
        if layers > 1 and self.chance(0.7):
            items.append(("blend", ",".join(self.pick(BLEND_MODES) for _ in range(self.rng.randint(1, layers)))))
        if self.chance(0.35):
            items.append(("dither", "off"))
        if self.chance(1 / 8):
            items.append(("grain", number(self.rng.uniform(0.02, 1), 2)))
            items.append(("seed", str(self.rng.randrange(1 << 32))))
        return "&".join(f"{name}={urllib.parse.quote(value, safe='')}" for name, value in items)


def rgb_to_hsl(r, g, b):
    high, low = max(r, g, b), min(r, g, b)
    lightness = (high + low) / 2
    if high == low:
        return 0.0, 0.0, lightness
    delta = high - low
    saturation = delta / (1 - abs(2 * lightness - 1))
    if high == r:
        hue = ((g - b) / delta) % 6
    elif high == g:
        hue = (b - r) / delta + 2
    else:
        hue = (r - g) / delta + 4
    return hue * 60, min(1.0, saturation), lightness


def to_linear(channel):
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def srgb_to_oklab(r, g, b):
    r, g, b = (to_linear(channel) for channel in (r, g, b))
    l = 0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b
    m = 0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b
    s = 0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b
    l, m, s = (math.copysign(abs(value) ** (1 / 3), value) for value in (l, m, s))
    return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)


def srgb_to_lab(r, g, b):
    r, g, b = (to_linear(channel) for channel in (r, g, b))
    x = (0.4360747 * r + 0.3850649 * g + 0.1430804 * b) / 0.96422
    y = 0.2225045 * r + 0.7168786 * g + 0.0606169 * b
    z = (0.0139322 * r + 0.0971045 * g + 0.7141733 * b) / 0.82521
    f = [value ** (1 / 3) if value > 216 / 24389 else (24389 / 27 * value + 16) / 116 for value in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def generate(seed, count):
    """The first `count` queries of `seed`."""
    generator = GradientGenerator(seed)
    return [generator.query() for _ in range(count)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--count", type=int, default=20)
    args = parser.parse_args()
    for query in generate(args.seed, args.count):
        print(query)


if __name__ == "__main__":
    main()
