#!/usr/bin/env python3
"""Bytes of `gamut=display-p3` PNGs against the sRGB PNGs of the same queries, on the uiGradients presets
(bench/data/uigradients.json) at the shapes users ask for: a 1200x630 horizontal card, a 135-degree card and a
1920x1080 radial background, dither on (the default). Prints the median and worst ratio per shape and the share of
the P3 file that its colour chunks (cICP and iCCP) take. With --random SEED, also COUNT queries of
bench/random_gradients.py's generator (every kind, space, size and option it draws), the corpus being one
kind of input only.

Usage: python3 bench/p3_bytes.py [--gradient PATH] [--limit N] [--random SEED [--count COUNT]]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

SHAPES = {
    "h1200": "dir=horizontal&width=1200&height=630",
    "d135": "angle=135&width=1200&height=630",
    "r1920": "type=radial&width=1920&height=1080",
}


def render(gradient, query, path):
    subprocess.run([gradient, "render", query, "-o", path], check=True)
    return os.path.getsize(path)


def colour_chunk_bytes(png):
    """Bytes of a PNG's cICP and iCCP chunks, headers and CRCs included."""
    total, offset = 0, 8
    while offset < len(png):
        length = int.from_bytes(png[offset:offset + 4], "big")
        if png[offset + 4:offset + 8] in (b"cICP", b"iCCP"):
            total += 12 + length
        offset += 12 + length
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gradient", default=".build/release/gradient")
    parser.add_argument("--limit", type=int, default=382)
    parser.add_argument("--random", type=int, help="also the queries of bench/random_gradients.py's seed")
    parser.add_argument("--count", type=int, default=200, help="random queries (with --random)")
    arguments = parser.parse_args()
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "uigradients.json")) as file:
        presets = json.load(file)[: arguments.limit]
    print("| shape | presets | sRGB PNG median | P3 PNG median | P3 / sRGB median | worst | best |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as work:
        chunk_bytes = None
        for shape, geometry in SHAPES.items():
            srgb_sizes, p3_sizes, ratios = [], [], []
            for preset in presets:
                colors = ",".join(color.lstrip("#") for color in preset["colors"])
                query = f"colors={colors}&{geometry}"
                srgb = render(arguments.gradient, query, os.path.join(work, "srgb.png"))
                p3 = render(arguments.gradient, query + "&gamut=display-p3", os.path.join(work, "p3.png"))
                if chunk_bytes is None:
                    with open(os.path.join(work, "p3.png"), "rb") as png:
                        chunk_bytes = colour_chunk_bytes(png.read())
                srgb_sizes.append(srgb)
                p3_sizes.append(p3)
                ratios.append(p3 / srgb)
            if not ratios:
                continue
            print(f"| {shape} | {len(presets)} | {statistics.median(srgb_sizes):,.0f} | "
                  f"{statistics.median(p3_sizes):,.0f} | {statistics.median(ratios):.3f} | {max(ratios):.3f} | "
                  f"{min(ratios):.3f} |")
        if chunk_bytes is not None:
            print(f"\nThe colour chunks (cICP and iCCP) take {chunk_bytes} bytes of every P3 PNG.")
        if arguments.random is not None:
            sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
            import random_gradients

            ratios = []
            for query in random_gradients.generate(arguments.random, arguments.count):
                srgb = render(arguments.gradient, query, os.path.join(work, "srgb.png"))
                p3 = render(arguments.gradient, query + "&gamut=display-p3", os.path.join(work, "p3.png"))
                ratios.append(p3 / srgb)
            ratios.sort()
            print(f"\nRandom seed {arguments.random}, {len(ratios)} queries: P3 / sRGB median "
                  f"{statistics.median(ratios):.3f}, p10 {ratios[len(ratios) // 10]:.3f}, "
                  f"p90 {ratios[len(ratios) * 9 // 10]:.3f}, best {ratios[0]:.3f}, worst {ratios[-1]:.3f}")


if __name__ == "__main__":
    main()
