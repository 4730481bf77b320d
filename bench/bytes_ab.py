"""A/B of the PNG bytes of two builds: random gradients of some seeds, and every uiGradients preset at the corpus shapes.

Renders the same images with the release binaries of two builds (BEFORE and AFTER, each a directory holding
`gradient` and `gradient-bench`) and compares their PNG sizes. Random mode (`--seed S`, repeatable, `--count N`): the
first N queries of each seed of bench/random_gradients.py, through `gradient render`; for every case whose bytes
differ, Pillow's `optimize=True` PNG of the same pixels (RGB, or RGBA when a pixel is translucent) tells whether it
crossed Pillow's bytes either way. Preset mode (`--presets`): `gradient-bench --corpus bench/data/uigradients.json
--json` at the five corpus shapes without r1920 (pass `--shape` to choose), dither on and off.

Prints each changed case and a summary per seed and per dither setting; exits 1 when a case grew past Pillow's bytes
(AFTER above Pillow where BEFORE was not), so an encoder change that trades one image for another shows.

Build each side first: `swift build -c release --product gradient && swift build -c release --product
gradient-bench`, copying the two binaries into its directory.

Usage: python3 bench/bytes_ab.py BEFORE AFTER [--seed S]... [--count N] [--presets] [--shape NAME]...
"""
import argparse
import io
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import random_gradients  # noqa: E402
from png_peers import pillow_image  # noqa: E402


def pillow_bytes(path):
    """Bytes of Pillow's optimize=True PNG of the image at `path`, held as png_peers.py's judge holds it."""
    with open(path, "rb") as png:
        image = pillow_image(png.read())
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getbuffer().nbytes


def render(binary, query, path):
    subprocess.run([binary, "render", query, "-o", path], check=True, capture_output=True, timeout=600)
    return os.path.getsize(path)


def compare_seed(before, after, seed, count, work):
    changed = smaller = larger = crossed_below = crossed_above = 0
    total_before = total_after = 0
    for index, query in enumerate(random_gradients.generate(seed, count)):
        old = render(os.path.join(before, "gradient"), query, os.path.join(work, "before.png"))
        new = render(os.path.join(after, "gradient"), query, os.path.join(work, "after.png"))
        total_before += old
        total_after += new
        if old == new:
            continue
        changed += 1
        smaller += new < old
        larger += new > old
        pillow = pillow_bytes(os.path.join(work, "after.png"))
        crossed_below += old > pillow >= new
        crossed_above += new > pillow >= old
        print(f"seed {seed} index {index}: {old} -> {new} bytes, Pillow {pillow} "
              f"({old / pillow:.3f}x -> {new / pillow:.3f}x)", flush=True)
    print(f"seed {seed}, {count} cases: {changed} changed ({smaller} smaller, {larger} larger); "
          f"crossed below Pillow {crossed_below}, above {crossed_above}; all bytes {total_before} -> {total_after}")
    return crossed_above


def corpus_lines(binary, shapes, dither):
    command = [binary, "--corpus", os.path.join(HERE, "data", "uigradients.json"), "--dither", dither, "--json"]
    for shape in shapes:
        command += ["--shape", shape]
    result = subprocess.run(command, check=True, capture_output=True, text=True, timeout=3600)
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


def compare_presets(before, after, shapes, work):
    crossed_above = 0
    for dither in ("on", "off"):
        old_lines = corpus_lines(os.path.join(before, "gradient-bench"), shapes, dither)
        new_lines = corpus_lines(os.path.join(after, "gradient-bench"), shapes, dither)
        changed = smaller = larger = 0
        for old, new in zip(old_lines, new_lines):
            if old["png_bytes"] == new["png_bytes"]:
                continue
            changed += 1
            smaller += new["png_bytes"] < old["png_bytes"]
            if new["png_bytes"] > old["png_bytes"]:
                larger += 1
                path = os.path.join(work, "preset.png")
                render(os.path.join(after, "gradient"), new["query"], path)
                pillow = pillow_bytes(path)
                crossed_above += new["png_bytes"] > pillow >= old["png_bytes"]
                print(f"{new['shape']} dither {dither} {new['name']}: {old['png_bytes']} -> {new['png_bytes']} "
                      f"bytes, Pillow {pillow} ({new['png_bytes'] / pillow:.3f}x)")
        print(f"presets, dither {dither}: {len(old_lines)} cases, {changed} changed ({smaller} smaller, "
              f"{larger} larger)")
    return crossed_above


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--seed", type=int, action="append", default=[])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--presets", action="store_true")
    parser.add_argument("--shape", action="append", default=[])
    arguments = parser.parse_args()
    crossed_above = 0
    with tempfile.TemporaryDirectory() as work:
        for seed in arguments.seed:
            crossed_above += compare_seed(arguments.before, arguments.after, seed, arguments.count, work)
        if arguments.presets:
            shapes = arguments.shape or ["h1200", "d135", "v390x3", "h600", "m4x4"]
            crossed_above += compare_presets(arguments.before, arguments.after, shapes, work)
    if crossed_above:
        print(f"MISSED: {crossed_above} case(s) grew past Pillow's bytes")
        sys.exit(1)


if __name__ == "__main__":
    main()
