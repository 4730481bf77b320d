#!/usr/bin/env python3
"""Renders CSS gradients with headless Chromium and with the `gradient` CLI and compares them pixel by pixel.

Every case is an absolutely positioned div on a page, placed at a multiple of 8 device pixels so that Chromium's
8x8 ordered dither has the same phase as the engine's. Both images are composited over white. A case passes when,
against the engine with dither=off, the mean absolute error is at most 1.0/255 and the 99.5th percentile of the
per-pixel largest channel error is at most 4/255. With dither=on the share of pixels identical to Chromium's is
reported per case (and, for contrast, the share without dither); the median share over all cases must be at least
0.99, and so must the share of every opaque case (our dither=on PNG's alpha 255 everywhere), in every interpolation
space, each one below it failing and listed at the end, but for the few KNOWN_BELOW_FLOOR names with their reasons
(a listed case that reaches the floor fails, so the list stays true) and for opaque cases of one class, held to the
tolerances and the median only (exempt_class, read from the blend): a color-dodge or color-burn blend, where Skia
divides by the processor's approximate reciprocal (AVX2 `rcpps`), whose last bits differ between processors
(Chromium 156 and the same engine: 99.59% / 99.88% identical on one machine, 98.27% / 98.72% on an AMD EPYC); the
engine divides exactly, so its bytes do not depend on the host. Translucent cases are held to the tolerances and the
median only: over white, the engine's straight-alpha dither rounds differently from Skia's premultiplied one at about half the pixels. Before any pixel is
compared, Chromium's crop of the case (clipped to the screenshot: a crop past its edge would be padded) and each of
our PNGs must have the same width and height; a case where they differ fails, saying both sizes, and is
left out of the median. Exits non-zero when any case fails or the median is below that.

Layered cases (LAYERED_CASES: several gradients with background-blend-mode) are held to the same thresholds, with
one exception: color-dodge and color-burn divide by the source's distance from its alpha (or by the source), so a
one-level step of Chromium's dithered backdrop becomes many levels in the result wherever the source nears white
(dodge) or black (burn). Against the undithered engine these two cases differ by design (p99.5 8/255 and 9/255,
MAE 0.36 and 0.39); they are held to the thresholds with dither on, where 99.88% and 99.59% of pixels are identical
to Chromium, none more than one level apart (Skia divides with an approximate reciprocal there, the engine
exactly). Their line says "dithered" and also gives the dither=off figures.

The same comparison then runs on the CSS that gradientd writes (`GET /gradient.css`, printed by `gradient explain`
as `css:`): for every case above and for the queries in QUERY_CASES, Chromium renders the exported text and the
engine renders the original query, at the same tolerances. So a page that copies gradientd's CSS looks like its PNG.

Chromium dithers in each raster tile's own pixel coordinates, so every page is screenshot with tiles as large as the
page and pages are kept below 512 device pixels in each direction (tiles do not grow past 512 here); cases start
at multiples of 8 on their page. Every case is also its own composited layer (will-change: transform), rasterized
with its top-left corner at the origin as the engine's image is: otherwise Skia folds the case's offset on the page
into its float gradient matrix, which moves t by an ulp and puts pixel centres exactly on a diagonal hard stop
(linear-gradient(45deg, #f06 25%, #4a4 25% 50%, ...)) on the other side of it than at the origin.

With --random SEED, COUNT queries (--count, default 24) drawn by bench/random_gradients.py from that seed (their size,
scale, dither, grain and format dropped; those CSS cannot draw skipped) are compared too: Chromium draws the CSS
gradientd exports for each (`gradient explain`'s `css:`, with background-blend-mode for `blend`), at the same
thresholds and floor (the generator still finds cases outside them: docs/fidelity.md, "What still differs"). A
repeating gradient whose period is zero is reported and not compared: the contract draws the average colour, Chromium
the last.

With --corpus PATH (repeatable) the built-in cases are replaced by a corpus of real gradients at the cases' size:
a text file of one CSS <image> a line (bench/data/css-gradients.txt; blank lines and # comments skipped) or a
uiGradients JSON list (bench/data/uigradients.json; preset i becomes linear-gradient(A deg, its colours), A cycling
through CORPUS_ANGLES as in css-gradients.txt). --every K keeps every K-th corpus entry (CI runs a bounded subset).
The same tolerances and median apply, and the WORST_LISTED cases of least identical share are listed at the end.

Usage: scripts/compare-with-chromium.py [--gradient PATH] [--chromium PATH] [--keep DIR] [--corpus PATH]... [--every K]
       [--random SEED [--count N]]
"""

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

from PIL import Image

WIDTH, HEIGHT, GAP, COLUMNS, ROWS_PER_PAGE, TILE_LIMIT = 160, 96, 16, 2, 4, 511
MAX_MEAN, MAX_P995, MIN_MEDIAN_IDENTICAL = 1.0, 4.0, 0.99
# Every opaque case's share of pixels identical to Chromium with dither=on.
MIN_OPAQUE_IDENTICAL = 0.99
# Opaque cases known to be below that floor, by label, each with why. A listed case that reaches the floor fails too
# ("remove it from the list"), so the list never outlives its reason.
KNOWN_BELOW_FLOOR: dict[str, str] = {}
# Angles given to uiGradients presets in turn (the order bench/data/css-gradients.txt uses), and how many of the
# least identical cases the summary lists.
CORPUS_ANGLES, WORST_LISTED = (90, 135, 180, 45, 160, 120, 200, 75), 10

CASES = [
    "linear-gradient(135deg, #ff7e5f, #feb47b)",
    "linear-gradient(to right, red, blue)",
    "linear-gradient(to top right, #1e3c72, #2a5298 40%, #f0f)",
    "linear-gradient(37deg, #000, #fff)",
    "linear-gradient(in oklch 135deg, #ff7e5f 10%, #feb47b)",
    "linear-gradient(90deg in oklab, #00f, #ff0)",
    "linear-gradient(in lab to right, #f00, #0f0)",
    "linear-gradient(in lch longer hue to right, #f00, #00f)",
    "linear-gradient(in hsl longer hue, red, blue)",
    "linear-gradient(in srgb-linear to right, red, lime)",
    "linear-gradient(in oklch decreasing hue to right, #f0f, #0ff)",
    "linear-gradient(in hwb to right, #ff0080, #0080ff)",
    "linear-gradient(to right, red, 20%, blue)",
    "linear-gradient(to right, #000, 70%, #fff)",
    "linear-gradient(to bottom, rgb(255 0 0 / 0), rgb(0 0 255 / 0.8))",
    "linear-gradient(to right, transparent, #0a0)",
    "linear-gradient(to right, red 0 30%, yellow 30% 60%, blue 60%)",
    "linear-gradient(to right, red 10px, blue 150px)",
    "repeating-linear-gradient(45deg, #333 0 10px, #ccc 10px 20px)",
    "linear-gradient(90deg, red calc(50% - 1px), blue calc(50% - 1px))",
    "linear-gradient(calc(45deg + 10deg), #f60 max(10%, 20px), #06f calc(100% - 1em))",
    "radial-gradient(circle max(30px, 2em) at calc(100% - 40px) 50%, #ff0, #f00 calc(50% + 5px), #300)",
    "repeating-conic-gradient(from calc(0.25turn - 10deg), #000 0 calc(5% + 9deg), #fff 0 round(up, 10%, 7deg))",
    "repeating-linear-gradient(to right, red, blue 25%)",
    "radial-gradient(#fff, #000)",
    "radial-gradient(circle at 30% 40%, #ff0, #f00 50%, #300)",
    "radial-gradient(closest-side at left 20px top 30px, #0ff, #00f)",
    "radial-gradient(ellipse 60px 30px at right 10px bottom 20%, #fa0, #05a)",
    "radial-gradient(circle farthest-side at 25% 75%, red, blue)",
    "radial-gradient(closest-corner circle at 40px 50px, green, white)",
    "repeating-radial-gradient(circle at center, #000 0 5px, #fff 5px 10px)",
    "radial-gradient(in oklab circle, rgb(255 0 0 / 0.5), blue)",
    "conic-gradient(red, yellow, lime, aqua, blue, magenta, red)",
    "conic-gradient(from 45deg at 30% 60%, #f06, #4a90e2)",
    "conic-gradient(in hsl longer hue from 90deg, red, blue)",
    "repeating-conic-gradient(#ddd 0 25%, #555 0 50%)",
    "linear-gradient(in oklch to right, oklch(70% 0.1 30), oklch(70% 0.1 250))",
    "linear-gradient(in display-p3 to right, red, blue)",
    "linear-gradient(in a98-rgb to right, #ff7e5f, #1e90ff)",
    "linear-gradient(in prophoto-rgb to right, orange, purple)",
    "linear-gradient(in rec2020 to right, red, lime)",
    "linear-gradient(in xyz to right, red, blue)",
    "linear-gradient(in xyz-d50 to right, rgb(255 0 0 / 0.5), teal)",
    "linear-gradient(to right, color(display-p3 0 1 0), color(srgb 0.5 0.2 0.9))",
    "linear-gradient(in oklch to right, color(display-p3 1 0 0), color(rec2020 0 0 1))",
    "linear-gradient(to right, color-mix(in oklab, red 50%, transparent), oklch(from blue l c h / 0.8))",
    "linear-gradient(to right, color-mix(in srgb, red 50%, blue), rgb(from red r calc(g + 128) b))",
    "linear-gradient(to right, color-mix(in hsl longer hue, red 30%, blue), color(xyz 0.3 0.2 0.1))",
    "radial-gradient(light-dark(red, blue), currentcolor, Canvas)",
    # A hint without `in` among non-legacy colours: Blink blends its nine stops in sRGB, Skia draws them in oklab.
    "linear-gradient(to right, black, 30%, oklab(0.5 -0.1 0.1))",
    # Stops before 0 in a radial gradient without `in`: Blink blends the colour at 0 in sRGB too.
    "radial-gradient(red -30%, oklab(0.5 0.1 0.1))",
    # An ending shape of zero width: Skia's degenerate gradient, the last colour.
    "radial-gradient(ellipse 0px 20px at right, black 5px, blue 17px)",
    "repeating-radial-gradient(closest-side at left, red, blue 30%, 50%, lime 60%)",
    "repeating-radial-gradient(closest-side at left, hsla(181 87% 35% / 44%) 2.2rem, black, rgba(16, 60, 112) "
    "min(93%, 44px), oklch(15.2% 0.23 0), #3049)",
    # oklch stops of little chroma: Blink's off-axis white, and its missing hue up to a chroma of 0.02.
    "linear-gradient(in oklch to right, white, rgb(103 169 38))",
    "linear-gradient(in oklch to right, rgb(200 185 185), blue)",
    "linear-gradient(in lch to right, white, blue)",
    "linear-gradient(in oklch to right, white, 40%, orange)",
    # Black beside a hint takes the hue of the hint's first stop, and with longer hue turns a full turn.
    "repeating-radial-gradient(circle 3.6em in lch longer hue, color(rec2020 0.68 0.61 48% / 0.73) 44%, currentColor, "
    "28px, #Cbf)",
    "linear-gradient(to right in hwb longer hue, hwb(16deg 36% 6%), 30%, hwb(200 10% 10%))",
    # A none makes a legacy colour function modern: the default space is oklab.
    "linear-gradient(to right, hwb(none 10% 10%), blue)",
    # A first stop past 0 whose hue oklch drops (chroma under 0.02): Blink pads from 0 with the colour as written,
    # whose hue Skia keeps, to the stop, which takes its neighbour's (random seed 3457364815, 88% identical before).
    "conic-gradient(from 49.4912deg in oklch, #31312a 208.4deg, hsl(62.8 8.7% 17.3%) 40.7%, rgb(227, 233, 220) 45.7%, "
    "oklab(0.3272 -0.0031 0.0118) 82.9deg, #788 99.3% 174deg)",
    # A stop without a hue takes, on each side, the hue its neighbour in Blink's list holds: a hint's stops hold none
    # when neither end has one (random seed 248929685, 53% identical before), a copy at a hint on a stop holds the
    # copied end's, and a `none` as written is 0, from which Blink pads a first stop past 0.
    "linear-gradient(69.5654deg in oklch, lab(33.12 2.25 2.18) 16.3%, 37.8%, hsl(297.4 5.9% 19%))",
    "linear-gradient(to right in oklch, #7a7570, 30%, #8a7f86, 80%, #767676)",
    "linear-gradient(to right in oklch longer hue, #7a7570 10%, 30%, #6a6f76 90%)",
    "linear-gradient(to right in oklch longer hue, oklch(0.6 0.1 none) 10%, 30%, oklch(0.5 0.1 200) 90%)",
    "linear-gradient(to right in oklch, oklch(0.6 0.1 40) 20%, 20%, oklch(0.4 0.1 none) 80%)",
    "linear-gradient(to right in oklch, oklch(0.6 0.1 none) 20%, 80%, oklch(0.4 0.1 250) 80%)",
    "linear-gradient(to right in oklab, oklab(0.6 none 0.1) 20%, oklab(0.4 0.1 -0.1) 80%)",
    # A radial gradient's stop before 0 moves to 0 with Blink's blend in the space, the hues fixed up afresh: with
    # longer hue the other way round (random seed 7013, 71% identical before).
    "radial-gradient(farthest-side at 87.9% 0.3px in hwb longer hue, oklch(0.3284 0.0595 93.49) -4.3%, #112 57%)",
    "radial-gradient(circle in oklch longer hue, #c84 -20%, #48c 60%, #fff)",
    "radial-gradient(ellipse in oklch longer hue, #777 -30%, #48c 40%)",
    # Blink's linear end points from an angle, in floats: near the axes their error is what Chromium draws (random
    # seed 7011, 98.8% identical before), and the exported CSS writes the angle as written.
    "linear-gradient(629.9837deg, #138, lch(56.74 36.22 236.42) 65.5%, #e339ec 65.5%, lab(66.2 -57.49 55.33))",
    "linear-gradient(89.99deg, #f06, #06f)",
    "linear-gradient(180.02deg in oklch, #f06, #0c6)",
    "linear-gradient(300.2deg, #f06 10%, #06f 60%, #ff0)",
]

# Layered backgrounds: (background-image list, background-blend-mode or None), drawn by Chromium as a div's
# background layers (an isolated group over the white page) and by the engine as css=…&blend=…. Two and three layers,
# every blend mode of CSS Compositing 1, translucent layers above and below.
LAYERED_CASES = [
    ("linear-gradient(to right, rgb(255 0 0 / 0.5), rgb(0 0 255 / 0.5)), linear-gradient(#ff0, #0ff)", None),
    ("radial-gradient(circle at 30% 40%, rgb(255 255 255 / 0.8), transparent 60%), "
     "linear-gradient(135deg, #1e3c72, #2a5298)", None),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "multiply"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "screen"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "overlay"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "darken"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "lighten"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "color-dodge"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "color-burn"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "hard-light"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "soft-light"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "difference"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "exclusion"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "hue"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "saturation"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "color"),
    ("linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)", "luminosity"),
    ("conic-gradient(red, yellow, lime, aqua, blue, magenta, red), linear-gradient(45deg, #333, #eee)", "hue"),
    ("conic-gradient(red, yellow, lime, aqua, blue, magenta, red), linear-gradient(45deg, #333, #eee)", "luminosity"),
    ("radial-gradient(rgb(255 128 0 / 0.7), rgb(0 64 255 / 0.3)), linear-gradient(to right, #0a0, #fef)",
     "soft-light"),
    ("linear-gradient(to right, #fff, #000), radial-gradient(circle, rgb(255 0 0 / 0.6), rgb(0 0 255 / 0.9))",
     "difference"),
    ("linear-gradient(to right, rgb(0 200 255 / 0.6), rgb(255 0 128 / 0.8)), linear-gradient(#eee, #333)",
     "multiply"),
    ("conic-gradient(from 45deg, red, yellow, lime, aqua, blue, magenta, red), "
     "radial-gradient(rgb(255 255 255 / 0.6), transparent), linear-gradient(90deg, #222, #ddd)", None),
    ("conic-gradient(from 45deg, red, yellow, lime, aqua, blue, magenta, red), "
     "radial-gradient(rgb(255 255 255 / 0.6), transparent), linear-gradient(90deg, #222, #ddd)", "multiply, screen"),
    ("repeating-linear-gradient(45deg, #333 0 10px, #ccc 10px 20px), "
     "linear-gradient(to right, rgb(255 0 0 / 0.5), rgb(0 0 255 / 0.7)), radial-gradient(#ff0, #0a4)",
     "overlay, color"),
    ("linear-gradient(to right, #f06, #4a90e2), radial-gradient(circle at 70% 30%, #fff, #000), "
     "linear-gradient(#0f0, #00f)", "hard-light, luminosity, normal"),
]

# Queries (without width and height) whose exported CSS Chromium renders, beside the exported form of every case
# above: the parameter-only spellings the exporter turns into CSS (start/end lines, explicit radii, spaces whose
# colours it writes in their own syntax or in oklab()).
QUERY_CASES = [
    "colors=ff7e5f,feb47b&dir=horizontal",
    "colors=e96443,904e95&angle=135",
    "colors=red,blue&start=0.2,0.1&end=0.8,0.7",
    "colors=red,30%25,blue,green&start=0,1&end=1,0.5",
    "colors=1e3c72,2a5298&dir=to-bottom-left",
    "type=radial&colors=12c2e9,c471ed,f64f59&size=50,30&center=30%25,40%25",
    "type=radial&colors=red,blue@20px,green@40px&size=40&spread=repeat",
    "type=conic&colors=red@0deg,blue@90deg,red@180deg&from=33deg&center=25%25,75%25",
    "colors=red,blue&space=srgb-linear&dir=horizontal",
    "colors=red,white,blue&space=hwb&dir=horizontal",
    "colors=f008,00f4&space=hsl&hue=longer&dir=horizontal",
    "colors=oklab(0.7+0.3+-0.2),lab(60+-90+40)&space=srgb&dir=horizontal",
    "colors=oklch(0.8+0.15+90),oklch(0.5+0.2+300)&space=oklch&hue=increasing&dir=horizontal",
    "base=4a90e2&percentage=0.1",
]


def exported_css(gradient, query):
    """The CSS gradientd writes for `query` at the cases' size (`gradient explain`'s `css:` line)."""
    output = subprocess.run(
        [gradient, "explain", f"{query}&width={WIDTH}&height={HEIGHT}"], check=True, capture_output=True, text=True
    ).stdout
    for line in output.splitlines():
        if line.startswith("css: "):
            return line[len("css: ") :]
    sys.exit(f"gradient explain printed no css line for {query}")


# Blend modes whose result amplifies the backdrop's dither (see above): compared with dither on.
DITHER_AMPLIFYING_MODES = {"color-dodge", "color-burn"}


def layered_query(css, blend):
    """The engine's query for a layered case."""
    query = "css=" + urllib.parse.quote(css, safe="")
    return query + ("&blend=" + urllib.parse.quote(blend, safe="") if blend else "")


def all_cases(gradient):
    """(CSS for Chromium, background-blend-mode or None, query for the engine, label) of every comparison: each CSS
    case and layered case as written, then the CSS gradientd exports for each of them and for each query in
    QUERY_CASES (a layered case with blend modes is exported without them, since a CSS <image> does not blend, and
    drawn with its background-blend-mode, as the 422 of /gradient.css advises)."""
    cases = [(css, None, "css=" + urllib.parse.quote(css, safe=""), css) for css in CASES]
    for css, blend in LAYERED_CASES:
        cases.append((css, blend, layered_query(css, blend), css + (f" / blend: {blend}" if blend else "")))
    queries = [("css=" + urllib.parse.quote(css, safe=""), None) for css in CASES]
    queries += [(layered_query(css, blend), blend) for css, blend in LAYERED_CASES]
    queries += [(query, None) for query in QUERY_CASES]
    for query, blend in queries:
        unblended = query.split("&blend=")[0]
        css = exported_css(gradient, unblended)
        cases.append((css, blend, query, "exported: " + css + (f" / blend: {blend}" if blend else "")))
    return cases


def corpus_cases(paths, every):
    """(CSS, None, query, label) of every `every`-th gradient of the corpus files `paths` (text or uiGradients JSON)."""
    gradients = []
    for path in paths:
        if path.endswith(".json"):
            with open(path) as file:
                presets = json.load(file)
            gradients += [
                f"linear-gradient({CORPUS_ANGLES[i % len(CORPUS_ANGLES)]}deg, {', '.join(preset['colors'])})"
                for i, preset in enumerate(presets)
            ]
        else:
            with open(path) as file:
                gradients += [line.strip() for line in file if line.strip() and not line.startswith("#")]
    return [(css, None, "css=" + urllib.parse.quote(css, safe=""), css) for css in gradients[::every]]


def origin(index):
    """The page holding case `index` and the case's top-left corner on that page."""
    slot = index % (COLUMNS * ROWS_PER_PAGE)
    column, row = slot % COLUMNS, slot // COLUMNS
    return index // (COLUMNS * ROWS_PER_PAGE), GAP // 2 + column * (WIDTH + GAP), GAP // 2 + row * (HEIGHT + GAP)


def write_page(path, page_number, styles):
    """Writes one page of at most COLUMNS x ROWS_PER_PAGE cases (`styles`: every case's CSS and blend mode or None);
    returns its size."""
    cases = [(index, css, blend) for index, (css, blend) in enumerate(styles) if origin(index)[0] == page_number]
    rows = (len(cases) + COLUMNS - 1) // COLUMNS
    page_width, page_height = COLUMNS * (WIDTH + GAP), rows * (HEIGHT + GAP)
    divs = []
    for index, css, blend in cases:
        _, x, y = origin(index)
        blending = f";background-blend-mode:{blend}" if blend else ""
        divs.append(
            f'<div style="position:absolute;left:{x}px;top:{y}px;width:{WIDTH}px;height:{HEIGHT}px;'
            f'background:{css}{blending};will-change:transform"></div>'
        )
    html = (
        "<!doctype html><html><head><meta charset=utf-8><style>html,body{margin:0;background:#fff;"
        "overflow:hidden}</style></head><body>" + "".join(divs) + "</body></html>"
    )
    with open(path, "w") as page:
        page.write(html)
    return page_width, page_height


def screenshot(chromium, page, output, width, height):
    tile = (max(width, height) + 255) // 256 * 256
    assert width <= TILE_LIMIT and height <= TILE_LIMIT, "a page must fit in one raster tile"
    subprocess.run(
        [
            chromium, "--headless", "--disable-gpu", "--no-sandbox", "--force-device-scale-factor=1",
            "--force-color-profile=srgb", "--hide-scrollbars", f"--window-size={width},{height}",
            # One raster tile for the whole page: Chromium dithers in each tile's own pixel coordinates, and the
            # default 256-pixel tiles (with their border texels) shift the 8x8 pattern's phase from tile to tile.
            # Tiles never grow past 512 device pixels here, hence pages of at most TILE_LIMIT pixels a side.
            f"--default-tile-width={tile}", f"--default-tile-height={tile}",
            f"--screenshot={output}", "file://" + page,
        ],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120,
    )


def render(gradient, query, dither, output):
    subprocess.run(
        [gradient, "render", f"{query}&width={WIDTH}&height={HEIGHT}&dither={dither}", "-o", output], check=True
    )


def canonical_form(gradient, query):
    """The canonical spec `gradient explain` prints for the query at the cases' size."""
    explained = subprocess.run(
        [gradient, "explain", f"{query}&width={WIDTH}&height={HEIGHT}"], check=True, capture_output=True, text=True
    ).stdout
    return next((line for line in explained.splitlines() if line.startswith("canonical:")), "")


def has_zero_period(gradient, query):
    """Whether a repeating layer of the query has all its stops at one position: API.md draws the average colour
    there (as CSS says), Chromium the last colour, so the case is reported and not compared."""
    for layer in canonical_form(gradient, query).split(" over "):
        if "stops(" not in layer or " repeat " not in layer[: layer.index("stops(")]:
            continue
        stops = layer[layer.index("stops(") + len("stops(") :].split(")")[0].split(";")
        positions = {stop.split("@")[1].split()[0] for stop in stops}
        if len(positions) == 1:
            return True
    return False


def exempt_class(query):
    """The class of an opaque case not bit-exact, held to the tolerances and the median only, or None: a
    color-dodge or color-burn blend (Chromium's pixels depend on the processor)."""
    blend = dict(urllib.parse.parse_qsl(query)).get("blend", "")
    if any(mode.strip() in DITHER_AMPLIFYING_MODES for mode in blend.split(",")):
        return "color-dodge or color-burn blend: Skia's approximate reciprocal depends on the processor"
    return None


def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def random_cases(gradient, seed, count):
    """(CSS, blend or None, query, label) of `count` queries bench/random_gradients.py draws from `seed` that CSS
    can draw, their size, scale, dither, grain and format removed; the CSS is what gradientd exports."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    generator = load_module("random_gradients", os.path.join(root, "bench", "random_gradients.py"))
    dropped = {"width", "height", "scale", "dither", "grain", "seed", "format"}
    cases = []
    for query in generator.generate(seed, count * 4):
        if len(cases) == count:
            break
        items = [(k, v) for k, v in urllib.parse.parse_qsl(query, keep_blank_values=True) if k not in dropped]
        blend = dict(items).get("blend")
        unblended = urllib.parse.urlencode([(k, v) for k, v in items if k != "blend"], quote_via=urllib.parse.quote)
        full = urllib.parse.urlencode(items, quote_via=urllib.parse.quote)
        explained = subprocess.run(
            [gradient, "explain", f"{unblended}&width={WIDTH}&height={HEIGHT}"], capture_output=True, text=True)
        css = next((line[5:] for line in explained.stdout.splitlines() if line.startswith("css: ")), None)
        if explained.returncode != 0 or css is None:
            continue
        cases.append((css, blend, full, f"seed {seed}: {full}"))
    return cases


def over_white(image):
    """RGB tuples of `image` composited over white, rounded to 8 bits."""
    data = image.convert("RGBA").tobytes()
    pixels = []
    for i in range(0, len(data), 4):
        r, g, b, a = data[i : i + 4]
        pixels.append(tuple(round((c * a + 255 * (255 - a)) / 255) for c in (r, g, b)))
    return pixels


def chromium_crop(screenshot, x, y):
    """The case at (x, y) cut out of Chromium's `screenshot`, clipped to the screenshot: Pillow's crop pads a box
    past the image's edge with black, which would then be compared as if Chromium had drawn it."""
    return screenshot.crop((x, y, min(x + WIDTH, screenshot.width), min(y + HEIGHT, screenshot.height)))


def size_mismatch(chromium, ours, our_name):
    """None when Chromium's crop and our PNG have the same width and height, else a sentence saying both sizes."""
    if chromium.size == ours.size:
        return None
    return (f"Chromium's crop is {chromium.width}x{chromium.height}, our {our_name} is {ours.width}x{ours.height}"
            f" (expected {WIDTH}x{HEIGHT}): pixels not compared")


def is_opaque(image):
    """Whether every pixel of `image` (our PNG) has alpha 255 (RGB, grey and palette images without transparency
    included)."""
    return image.convert("RGBA").getchannel("A").getextrema()[0] == 255


def compare(expected, actual):
    """Mean absolute channel error, 99.5th percentile of the largest channel error, share of identical pixels."""
    total, worst, identical = 0, [], 0
    for p, q in zip(expected, actual):
        errors = [abs(a - b) for a, b in zip(p, q)]
        total += sum(errors)
        worst.append(max(errors))
        identical += max(errors) == 0
    worst.sort()
    p995 = worst[min(len(worst) - 1, int(0.995 * len(worst)))]
    return total / (3 * len(expected)), p995, identical / len(expected)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gradient", default=".build/debug/gradient")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--keep", help="directory to keep the page, screenshot and renders in")
    parser.add_argument("--corpus", action="append", help="compare this corpus instead of the built-in cases")
    parser.add_argument("--every", type=int, default=1, help="keep every K-th corpus entry")
    parser.add_argument("--random", type=int, help="also compare queries of bench/random_gradients.py's seed")
    parser.add_argument("--count", type=int, default=24, help="random queries kept (with --random)")
    arguments = parser.parse_args()
    started = time.monotonic()
    work = arguments.keep or tempfile.mkdtemp(prefix="gradient-chromium-")
    os.makedirs(work, exist_ok=True)
    cases = corpus_cases(arguments.corpus, arguments.every) if arguments.corpus else all_cases(arguments.gradient)
    if arguments.random is not None:
        print(f"random queries: seed {arguments.random} (rerun: --random {arguments.random} --count {arguments.count})")
        cases += random_cases(arguments.gradient, arguments.random, arguments.count)
    browsers = []
    for page_number in range(origin(len(cases) - 1)[0] + 1):
        page = os.path.abspath(os.path.join(work, f"cases-{page_number}.html"))
        shot = os.path.join(work, f"chromium-{page_number}.png")
        width, height = write_page(page, page_number, [(css, blend) for css, blend, _, _ in cases])
        screenshot(arguments.chromium, page, shot, width, height)
        browsers.append(Image.open(shot))
        if browsers[-1].size != (width, height):
            sys.exit(f"screenshot is {browsers[-1].size[0]}x{browsers[-1].size[1]}, expected {width}x{height}")
    print(f"{'case':<4} {'MAE/255':>8} {'p99.5/255':>9} {'same,dither':>11} {'same,no dither':>14}  result  css")
    failures, shares, size_failures, opaque_failures, known_below, stale_known = 0, [], [], [], [], []
    for index, (_, _, query, label) in enumerate(cases):
        page_number, x, y = origin(index)
        crop = chromium_crop(browsers[page_number], x, y)
        reference = None
        results, mismatches, opaque = {}, [], True
        for dither in ("off", "on"):
            output = os.path.join(work, f"case{index:02d}-dither-{dither}.png")
            render(arguments.gradient, query, dither, output)
            ours = Image.open(output)
            mismatch = size_mismatch(crop, ours, f"dither={dither} PNG")
            if mismatch:
                mismatches.append(mismatch)
                continue
            if reference is None:
                reference = over_white(crop)
            if dither == "on":
                opaque = is_opaque(ours)
            results[dither] = compare(reference, over_white(ours))
        if mismatches:
            failures += 1
            size_failures.append((index, label, mismatches))
            print(f"{index:<4} {'-':>8} {'-':>9} {'-':>11} {'-':>14}  FAIL (size)  {label}")
            for mismatch in mismatches:
                print(f"{'':<4} {mismatch}")
            continue
        if has_zero_period(arguments.gradient, query):
            print(f"{index:<4} {'-':>8} {'-':>9} {'-':>11} {'-':>14}  not compared (a repeating period of zero: the"
                  f" contract's average colour, Chromium's last colour)  {label}")
            continue
        blend = cases[index][1]
        amplifies = bool(blend) and any(mode.strip() in DITHER_AMPLIFYING_MODES for mode in blend.split(","))
        mean, p995, _ = results["on" if amplifies else "off"]
        share, plain_share = f"{results['on'][2]:.1%}", f"{results['off'][2]:.1%}"
        within = mean <= MAX_MEAN and p995 <= MAX_P995
        exemption = exempt_class(query) if opaque else None
        floored = opaque and exemption is None
        below_floor = floored and results["on"][2] < MIN_OPAQUE_IDENTICAL and label not in KNOWN_BELOW_FLOOR
        stale = floored and label in KNOWN_BELOW_FLOOR and results["on"][2] >= MIN_OPAQUE_IDENTICAL
        passed = within and not below_floor and not stale
        verdict = ("pass" if passed else "FAIL") + (" (dithered)" if amplifies else "")
        if below_floor:
            verdict += f" (opaque, dither=on identical {results['on'][2]:.2%} < {MIN_OPAQUE_IDENTICAL:.0%})"
            opaque_failures.append((results["on"][2], index, label))
        elif stale:
            verdict += " (listed in KNOWN_BELOW_FLOOR but reaches the floor: remove it from the list)"
            stale_known.append((index, label))
        elif exemption and results["on"][2] < MIN_OPAQUE_IDENTICAL:
            verdict += f" (below the floor, exempt: {exemption})"
        elif floored and label in KNOWN_BELOW_FLOOR:
            known_below.append((results["on"][2], index, label))
        shares.append((results["on"][2], index, label))
        failures += not passed
        print(f"{index:<4} {mean:>8.3f} {p995:>9} {share:>11} {plain_share:>14}  {verdict:<6}  {label}")
        if amplifies:
            off_mean, off_p995, _ = results["off"]
            print(f"{'':<4} {off_mean:>8.3f} {off_p995:>9} {'':>11} {'':>14}  (dither=off, for reference)")
    print(f"least identical with dither=on ({min(WORST_LISTED, len(shares))} of {len(shares)}):")
    for share, index, label in sorted(shares)[:WORST_LISTED]:
        print(f"  {share:>7.2%}  case {index}: {label}")
    if size_failures:
        print(f"FAIL: {len(size_failures)} case(s) where Chromium's crop and our PNG differ in size (not compared):")
        for index, label, mismatches in size_failures:
            print(f"  case {index}: {'; '.join(mismatches)}: {label}")
    if opaque_failures:
        print(f"FAIL: {len(opaque_failures)} opaque case(s) below {MIN_OPAQUE_IDENTICAL:.0%} of pixels identical to"
              " Chromium with dither=on:")
        for share, index, label in sorted(opaque_failures):
            print(f"  {share:>7.2%}  case {index}: {label}")
    for share, index, label in known_below:
        print(f"known below the floor: {share:>7.2%}  case {index}: {label} ({KNOWN_BELOW_FLOOR[label]})")
    if stale_known:
        print(f"FAIL: {len(stale_known)} case(s) of KNOWN_BELOW_FLOOR reach the floor now: remove them from the list:")
        for index, label in stale_known:
            print(f"  case {index}: {label}")
    median = statistics.median(share for share, _, _ in shares) if shares else 0.0
    median_passed = median >= MIN_MEDIAN_IDENTICAL
    print(
        f"median share of pixels identical to Chromium with dither=on: {median:.2%} over {len(shares)} compared"
        f" case(s) ({'pass' if median_passed else 'FAIL'}: at least {MIN_MEDIAN_IDENTICAL:.0%} required)"
    )
    print(f"{len(cases) - failures} passed, {failures} failed ({time.monotonic() - started:.1f} s)")
    if not arguments.keep:
        shutil.rmtree(work)
    return 1 if failures or not median_passed else 0


if __name__ == "__main__":
    sys.exit(main())
