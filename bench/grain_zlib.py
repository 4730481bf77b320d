"""Why images with grain are written by Pillow's method: on the images with grain in `png_peers.py --tsv` tables,
the rows filtered one way (None, Sub, Average, or Pillow's adaptive choice per row) and compressed by zlib at a
faster level than Pillow's 9, each against Pillow's bytes and Pillow's encode time from the table.

Grain is noise at every pixel: whatever a faster search saves in time it loses in bytes, and a setting that keeps
every image at most Pillow's bytes is one that runs as long as Pillow. The script prints, per filter and level, how
many images stay above Pillow's bytes, the median bytes ratio and the median speed against Pillow's encode, and the
encoder's own bytes from the table (the build that wrote it).

Usage: python3 bench/png_peers.py --random SEED --count N --iterations 1 --tsv /tmp/judge-SEED.tsv   (per seed)
       python3 bench/grain_zlib.py /tmp/judge-1.tsv /tmp/judge-2.tsv … [--bin .build/release] [--levels 1 3 6]
Needs numpy.
"""
import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile
import time
import zlib

import numpy

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from png_peers import pillow_image  # noqa: E402

FILTERS = ("none", "sub", "average", "adaptive")


def predictions(samples, bytes_per_pixel):
    """The None, Sub, Up, Average and Paeth predictions of every sample (int16 arrays of the image's shape)."""
    height, width = samples.shape
    above = numpy.vstack([numpy.zeros((1, width), numpy.int16), samples[:-1]])
    left = numpy.hstack([numpy.zeros((height, bytes_per_pixel), numpy.int16), samples[:, :-bytes_per_pixel]])
    corner = numpy.hstack([numpy.zeros((height, bytes_per_pixel), numpy.int16), above[:, :-bytes_per_pixel]])
    estimate = left + above - corner
    to_left, to_above, to_corner = abs(estimate - left), abs(estimate - above), abs(estimate - corner)
    paeth = numpy.where((to_left <= to_above) & (to_left <= to_corner), left,
                        numpy.where(to_above <= to_corner, above, corner))
    return [numpy.zeros_like(samples), left, above, (left + above) // 2, paeth]


def filtered_stream(samples, bytes_per_pixel, name):
    """The image's rows filtered as `name` says, each after its filter byte (Pillow's tie order for adaptive)."""
    residues = [((samples - p) & 255).astype(numpy.uint8) for p in predictions(samples, bytes_per_pixel)]
    if name == "adaptive":
        sums = numpy.stack([numpy.abs(r.astype(numpy.int8).astype(numpy.int32)).sum(axis=1) for r in residues])
        order = [0, 2, 1, 3, 4]
        kinds = [min(order, key=lambda k: (sums[k, y], order.index(k))) for y in range(samples.shape[0])]
    else:
        kinds = [{"none": 0, "sub": 1, "average": 3}[name]] * samples.shape[0]
    stream = bytearray()
    for y, kind in enumerate(kinds):
        stream.append(kind)
        stream += residues[kind][y].tobytes()
    return bytes(stream)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tsv", nargs="+")
    parser.add_argument("--bin", default=os.path.join(HERE, "..", ".build", "release"))
    parser.add_argument("--levels", type=int, nargs="+", default=[1, 3, 6])
    parser.add_argument("--speed-pixels", type=int, default=65536)
    args = parser.parse_args()

    cases = []
    for path in args.tsv:
        for row in csv.DictReader(open(path, encoding="utf-8"), delimiter="\t"):
            width, height = map(int, row["size"].split("x"))
            if "grain=" in row["query"] and width * height >= args.speed_pixels:
                cases.append(row)
    ratios = {(f, level): [] for f in FILTERS for level in args.levels}
    speeds = {(f, level): [] for f in FILTERS for level in args.levels}
    ours = []
    with tempfile.TemporaryDirectory() as scratch:
        png_path = os.path.join(scratch, "case.png")
        for row in cases:
            subprocess.run([os.path.join(args.bin, "gradient"), "render", row["query"], "-o", png_path], check=True)
            image = pillow_image(open(png_path, "rb").read())
            pixels = numpy.asarray(image)
            height, width, bytes_per_pixel = pixels.shape
            samples = pixels.reshape(height, width * bytes_per_pixel).astype(numpy.int16)
            pillow_bytes, pillow_ms = int(row["pillow_bytes"]), float(row["pillow_ms"])
            ours.append(int(row["bytes"]) / pillow_bytes)
            for name in FILTERS:
                stream = filtered_stream(samples, bytes_per_pixel, name)
                for level in args.levels:
                    start = time.perf_counter()
                    compressed = zlib.compress(stream, level)
                    milliseconds = (time.perf_counter() - start) * 1000
                    # Signature, IHDR, IEND and the IDAT frames (64 KiB each) around the zlib stream.
                    size = len(compressed) + 57 + 12 * ((len(compressed) - 1) // 65536)
                    ratios[(name, level)].append(size / pillow_bytes)
                    speeds[(name, level)].append(pillow_ms / milliseconds)
            print(f"{row['index']:>5} {row['size']:>10} ours {ours[-1]:.3f}", flush=True)
    print(f"\n{len(cases)} images with grain of at least {args.speed_pixels} pixels; the encoder's own bytes (the"
          f" tables' build): {sum(r > 1 for r in ours)} above Pillow, median {statistics.median(ours):.3f}x")
    print("| filter | zlib level | above Pillow | median bytes | median speed against Pillow |")
    print("|---|---:|---:|---:|---:|")
    for name in FILTERS:
        for level in args.levels:
            found = ratios[(name, level)]
            print(f"| {name} | {level} | {sum(r > 1 for r in found)} | {statistics.median(found):.3f}x"
                  f" | {statistics.median(speeds[(name, level)]):.1f}x |")


if __name__ == "__main__":
    main()
