#!/usr/bin/env python3
"""Draws gradientd's SVG documents (`format=svg`) in headless Chromium as `<img>`, at 1x and 2x, and compares the
pixels with gradientd's PNG of the same query.

Every case is rendered by the `gradient` CLI twice: as an SVG of WIDTHxHEIGHT CSS pixels, and as PNGs of the same
query at `scale=1` and `scale=2`, with dither on and off. A page places the SVGs as `<img>` elements at multiples of
8 device pixels (each its own composited layer, as scripts/compare-with-chromium.py places its cases, so that
Chromium's 8x8 dither has our phase) and is screenshot at device scale factor 1 and 2; Chromium draws the vector
at each scale, and each case's crop is compared over white with our PNG of that scale (over white too).

A case passes when, against the PNG with dither off, the mean absolute error is at most 1.0/255 and the 99.5th
percentile of the per-pixel largest channel error at most 4/255, at both scales. Layers that blend other than
normal are compared with the dithered PNG, within MAX_MEAN_BLENDED and MAX_P995_BLENDED (Chromium dithers each layer
before the blend, as for CSS backgrounds, a level apart from our compositor here and there, and the blend passes
that on); where a layer blends `color-dodge` or `color-burn`, which turn a one-level step into several, or `hue`,
`saturation` or `color`, which take a near-grey pixel's hue or saturation that such a step moves by any amount, a
case beyond even those is reported as EXPECTED without failing the run. The share of pixels identical to the dithered PNG is reported beside it: Chromium dithers SVG gradients
as it dithers CSS ones, so a two-stop sRGB card is 100 % identical. A repeating layer whose period is under
MIN_PERIOD_PIXELS device pixels is left out and listed: finer than the pixel grid, its pixels sample the pattern at
phases that the last bit of each rasterizer's float arithmetic decides. Exits 1 when a case
fails or when the SVG does not stay within its size targets: the two-stop card at most 400 bytes.

The cases are the built-in CASES (linear at angles, corners and `start`/`end`; radial circles and ellipses of every
size keyword, off-centre; `repeat` and `reflect`; interpolation spaces and hue methods; hints; translucent stops;
layers with blend modes) and, with --random SEED, queries drawn by bench/random_gradients.py, without those SVG
cannot draw (conic, grain, `spread=none`: the CLI refuses them, as the service answers 422).

Usage: python3 scripts/compare-svg-with-chromium.py [--gradient PATH] [--chromium PATH] [--random SEED]
       [--count N] [--keep DIR]
"""
import argparse
import importlib.util
import math
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
ROOT = os.path.dirname(HERE)
WIDTH, HEIGHT, GAP = 96, 64, 16
# Cases a page holds at each scale, in columns and rows: a page stays within one 512-pixel raster tile.
LAYOUT = {1: (4, 4), 2: (2, 3)}
TILE_LIMIT = 511
MAX_MEAN, MAX_P995 = 1.0, 4
# Layers that blend other than normal: Chromium dithers each SVG layer before blending it, as it dithers each CSS
# background layer, but a level apart from our compositor here and there, and a blend passes each layer's step on
# (with a gain of up to 1, more for dodge and burn): such cases are held, against our dithered PNG, to these.
MAX_MEAN_BLENDED, MAX_P995_BLENDED = 1.5, 8
# A repeating layer whose period is shorter than this many device pixels along its shortest axis draws a pattern
# finer than the pixel grid: each pixel centre samples it at an arbitrary phase, so the last float bit of t picks
# its colour, and no two rasterizations agree (left out, counted and printed).
MIN_PERIOD_PIXELS = 2
# Blend modes that turn a one-level step of a layer's dither into many levels: where Chromium dithers an SVG
# layer a level apart from our PNG's layer, the blend can put it several levels apart (reported as EXPECTED, with
# the figures, not failing the run). Dodge and burn divide by the step; `hue`, `saturation` and `color` take the
# hue or saturation of a near-grey source pixel, which a one-level step moves by any amount, and give it the
# backdrop's saturation (seed 468848878's case 36, a `hue` layer of greys over a saturated one: MAE 1.7/255 at the
# commit before 'hue' joined, as at b771631).
DITHER_AMPLIFYING_MODES = {"color-dodge", "color-burn", "hue", "saturation", "color"}
TWO_STOP_CARD = "colors=ff7e5f,feb47b&dir=horizontal&width=1200&height=630"
TWO_STOP_CARD_LIMIT = 400

CASES = [
    "colors=ff7e5f,feb47b&dir=horizontal",
    "colors=e96443,904e95&angle=135",
    "colors=0f2027,203a43,2c5364",
    "colors=red,blue&angle=37",
    "colors=red,blue&dir=to-top-right",
    "colors=12c2e9,c471ed,f64f59&start=0.1,0.2&end=0.9,0.6",
    "type=radial&colors=ffffff,3366ff",
    "type=radial&shape=circle&size=closest-side&center=30%,40%&colors=ffd86f,fc6262",
    "type=radial&size=farthest-side&center=20px,10px&colors=00c6ff,0072ff,black",
    "type=radial&size=30,12&colors=red,yellow,green",
    "css=radial-gradient(circle at 70% 30%, #fff 10%, #000 60%)",
    "css=radial-gradient(closest-corner at 10% 90%, #f06, #48f 50%, #0c8)",
    "css=repeating-linear-gradient(45deg, #334455 0 10px, #f5f5f5 10px 20px)",
    "css=repeating-radial-gradient(circle at 30% 40%, red 10px, blue 30px)",
    "colors=ff7e5f@0.2,feb47b@0.5&spread=reflect&angle=20",
    "type=radial&colors=red@0.1,blue@0.3&spread=reflect",
    "css=linear-gradient(90deg, oklch(70% 0.15 150), oklch(40% 0.2 300))",
    "css=linear-gradient(in oklab, blue, yellow)",
    "css=linear-gradient(in hsl longer hue, red, red)",
    "css=linear-gradient(to right in lch decreasing hue, #f0f, #0ff)",
    "css=linear-gradient(in srgb-linear, #000, #fff)",
    "css=linear-gradient(to right, red, 20%, blue)",
    "css=linear-gradient(to right in oklab, red, 70%, lime)",
    "css=linear-gradient(to right, transparent, #0a0)",
    "css=linear-gradient(to right, rgb(255 0 0 / 0.3), rgb(0 0 255 / 0.9))",
    "css=radial-gradient(rgb(255 128 0 / 0.7), transparent)",
    "css=linear-gradient(to right, #f80, #08f), linear-gradient(#fff, #000)&blend=multiply",
    "css=linear-gradient(to right, #f80, #08f), radial-gradient(#fff, #000)&blend=screen",
    "css=repeating-linear-gradient(45deg, rgb(255 255 255 / 0.3) 0 14px, transparent 14px 28px), "
    "linear-gradient(135deg, #e96443, #904e95)",
    "preset=radioactive-heat&dir=horizontal",
]


def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# scripts/compare-with-chromium.py's composite over white and its metric (MAE, p99.5, share identical).
PIXELS = load_module("compare_with_chromium", os.path.join(HERE, "compare-with-chromium.py"))


def random_cases(seed, count):
    """`count` queries from bench/random_gradients.py's seed, their size, scale, dither and grain removed."""
    generator = load_module("random_gradients", os.path.join(ROOT, "bench", "random_gradients.py"))
    dropped = {"width", "height", "scale", "dither", "grain", "seed", "format"}
    cases = []
    for query in generator.generate(seed, count * 3):
        items = [(k, v) for k, v in urllib.parse.parse_qsl(query, keep_blank_values=True) if k not in dropped]
        cases.append(urllib.parse.urlencode(items, quote_via=urllib.parse.quote))
    return cases


def encoded(query):
    """The query with its values percent-encoded as a URL needs them (`%` and `#` in css= values)."""
    items = urllib.parse.parse_qsl(query, keep_blank_values=True)
    return urllib.parse.urlencode(items, quote_via=urllib.parse.quote)


def shortest_period_pixels(gradient, sized):
    """The shortest period, in device pixels, of the query's repeating layers (None when none repeats), from the
    canonical spec `gradient explain` prints: a period's length along the line, or along the ellipse's smaller
    radius."""
    explained = subprocess.run([gradient, "explain", sized], capture_output=True, text=True).stdout
    canonical = next((line for line in explained.splitlines() if line.startswith("canonical:")), "")
    shortest = None
    for layer in canonical.split(" over "):
        if " repeat " not in layer and " reflect " not in layer:
            continue
        positions = [float(p) for p in re.findall(r"@(-?[\d.e+-]+)", layer)]
        period = max(positions) - min(positions) if positions else 0
        if match := re.search(r"linear\((-?[\d.e+-]+) (-?[\d.e+-]+), (-?[\d.e+-]+) (-?[\d.e+-]+)\)", layer):
            x1, y1, x2, y2 = map(float, match.groups())
            length = math.hypot(x2 - x1, y2 - y1)
        elif match := re.search(r"radial\((-?[\d.e+-]+) (-?[\d.e+-]+), (-?[\d.e+-]+) (-?[\d.e+-]+)\)", layer):
            length = min(float(match.group(3)), float(match.group(4)))
        else:
            continue
        pixels = period * length
        shortest = pixels if shortest is None else min(shortest, pixels)
    return shortest


def render(gradient, query, output):
    """Whether `gradient render` writes `query` to `output` (False when it refuses, as for a conic SVG)."""
    result = subprocess.run([gradient, "render", query, "-o", output], capture_output=True, text=True)
    return result.returncode == 0


def origin(index, scale):
    columns, rows = LAYOUT[scale]
    slot = index % (columns * rows)
    column, row = slot % columns, slot // columns
    return index // (columns * rows), GAP // 2 + column * (WIDTH + GAP), GAP // 2 + row * (HEIGHT + GAP)


def write_page(path, page_number, count, scale):
    columns, rows = LAYOUT[scale]
    indices = [index for index in range(count) if origin(index, scale)[0] == page_number]
    used_rows = (len(indices) + columns - 1) // columns
    images = []
    for index in indices:
        _, x, y = origin(index, scale)
        images.append(
            f'<img src="case{index:03d}.svg" style="position:absolute;left:{x}px;top:{y}px;width:{WIDTH}px;'
            f'height:{HEIGHT}px;will-change:transform">')
    with open(path, "w") as page:
        page.write("<!doctype html><html><head><meta charset=utf-8><style>html,body{margin:0;background:#fff;"
                   "overflow:hidden}</style></head><body>" + "".join(images) + "</body></html>")
    return columns * (WIDTH + GAP), used_rows * (HEIGHT + GAP)


def screenshot(chromium, page, output, width, height, scale):
    device_width, device_height = width * scale, height * scale
    assert device_width <= TILE_LIMIT and device_height <= TILE_LIMIT, "a page must fit in one raster tile"
    tile = (max(device_width, device_height) + 255) // 256 * 256
    subprocess.run(
        [chromium, "--headless", "--disable-gpu", "--no-sandbox", f"--force-device-scale-factor={scale}",
         "--force-color-profile=srgb", "--hide-scrollbars", f"--window-size={width},{height}",
         f"--default-tile-width={tile}", f"--default-tile-height={tile}", "--allow-file-access-from-files",
         f"--screenshot={output}", "file://" + page],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gradient", default=".build/debug/gradient")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--random", type=int, help="also compare queries of bench/random_gradients.py's seed")
    parser.add_argument("--count", type=int, default=30, help="random queries kept (with --random)")
    parser.add_argument("--keep", help="directory to keep the pages, screenshots and renders in")
    arguments = parser.parse_args()
    started = time.monotonic()
    work = os.path.abspath(arguments.keep or tempfile.mkdtemp(prefix="gradient-svg-"))
    os.makedirs(work, exist_ok=True)

    queries = [(query, "built-in") for query in CASES]
    if arguments.random is not None:
        print(f"random queries: seed {arguments.random} (rerun: --random {arguments.random} --count {arguments.count})")
        kept = 0
        for query in random_cases(arguments.random, arguments.count):
            if kept == arguments.count:
                break
            probe = os.path.join(work, "probe.svg")
            if render(arguments.gradient, f"{query}&width={WIDTH}&height={HEIGHT}", probe):
                queries.append((query, f"seed {arguments.random}"))
                kept += 1
    cases, aliased = [], []
    for query, origin_label in queries:
        sized = f"{encoded(query)}&width={WIDTH}&height={HEIGHT}"
        period = shortest_period_pixels(arguments.gradient, sized + "&scale=2")
        if period is not None and period < MIN_PERIOD_PIXELS * 2:
            aliased.append((period / 2, query))
            continue
        if not render(arguments.gradient, sized, os.path.join(work, f"case{len(cases):03d}.svg")):
            sys.exit(f"gradient render refused a case SVG draws: {query}")
        cases.append((query, sized, origin_label))

    shots = {}
    for scale in (1, 2):
        columns, rows = LAYOUT[scale]
        shots[scale] = []
        for page_number in range((len(cases) + columns * rows - 1) // (columns * rows)):
            page = os.path.join(work, f"svg-{scale}x-{page_number}.html")
            shot = os.path.join(work, f"chromium-{scale}x-{page_number}.png")
            width, height = write_page(page, page_number, len(cases), scale)
            screenshot(arguments.chromium, page, shot, width, height, scale)
            shots[scale].append(Image.open(shot).convert("RGBA"))

    failures, expected = 0, 0
    print(f"{'case':<4} {'scale':>5} {'MAE/255':>8} {'p99.5/255':>9} {'same,dither':>11}  result  query")
    for index, (query, sized, origin_label) in enumerate(cases):
        for scale in (1, 2):
            page_number, x, y = origin(index, scale)
            crop = shots[scale][page_number].crop(
                (x * scale, y * scale, (x + WIDTH) * scale, (y + HEIGHT) * scale))
            chromium = PIXELS.over_white(crop)
            results = {}
            for dither in ("off", "on"):
                png = os.path.join(work, f"case{index:03d}-{scale}x-dither-{dither}.png")
                if not render(arguments.gradient, f"{sized}&scale={scale}&dither={dither}", png):
                    sys.exit(f"gradient render failed: {sized}")
                ours = Image.open(png)
                if ours.size != crop.size:
                    sys.exit(f"case {index}: our PNG is {ours.size}, Chromium's crop {crop.size}")
                results[dither] = PIXELS.compare(PIXELS.over_white(ours), chromium)
            blend = dict(urllib.parse.parse_qsl(query)).get("blend", "")
            amplifies = any(mode.strip() in DITHER_AMPLIFYING_MODES for mode in blend.split(","))
            blended = any(mode.strip() not in ("", "normal") for mode in blend.split(","))
            mean, p995, _ = results["on" if blended else "off"]
            if blended:
                passed = mean <= MAX_MEAN_BLENDED and p995 <= MAX_P995_BLENDED
            else:
                passed = mean <= MAX_MEAN and p995 <= MAX_P995
            failures += not passed and not amplifies
            expected += not passed and amplifies
            verdict = ("pass" if passed else "EXPECTED (amplifying blend)" if amplifies else "FAIL") + (
                " (blended)" if blended else "")
            print(f"{index:<4} {scale:>4}x {mean:>8.3f} {p995:>9} {results['on'][2]:>11.1%}  "
                  f"{verdict:<6}  {urllib.parse.unquote(query)} ({origin_label})")

    for period, query in aliased:
        print(f"left out: a period of {period:.2f} device pixels (< {MIN_PERIOD_PIXELS}): {urllib.parse.unquote(query)}")
    card = os.path.join(work, "card.svg")
    render(arguments.gradient, TWO_STOP_CARD, card)
    card_bytes = os.path.getsize(card)
    card_ok = card_bytes <= TWO_STOP_CARD_LIMIT
    print(f"two-stop card ({TWO_STOP_CARD}): {card_bytes} bytes "
          f"({'within' if card_ok else 'FAIL: above'} {TWO_STOP_CARD_LIMIT})")
    print(f"{len(cases)} cases at 1x and 2x: {failures} beyond MAE {MAX_MEAN}/255 or p99.5 {MAX_P995}/255, "
          f"{expected} expected (amplifying blend modes), {len(aliased)} left out (periods under "
          f"{MIN_PERIOD_PIXELS} pixels) "
          f"({time.monotonic() - started:.1f} s)")
    return 1 if failures or not card_ok else 0


if __name__ == "__main__":
    sys.exit(main())
