"""Pillow's WebP and AVIF encoders on the very pixels of `gradient-bench --codec-sweep --write-dir DIR`, and
Pillow reading our files back.

For every SHAPE-INDEX.png the sweep wrote (the default 8-bit dithered frame), Pillow encodes lossless WebP with its
defaults (method 4, quality 80) and with method 6, quality 100, and AVIF at its defaults (quality 75, speed 6,
4:2:0, 8-bit); the medians per shape are printed beside ours (SHAPE-INDEX.webp / .avif, the standard settings).
Pillow also decodes our files: our WebP must give the PNG's pixels exactly, and our AVIF (10-bit, from the
undithered ramp) must come within mean 1.0/255 and max 4/255 plus the dither's own ±0.5 of the dithered PNG, which
shows that a third-party decoder reads its colour description (CICP, full range) as we wrote it. Exits non-zero
when any file fails or when our WebP is larger than Pillow's lossless default on median.

    python3 bench/codec_peers.py /tmp/codecs-sweep [--shape NAME]... [--limit N]
"""
import argparse
import collections
import glob
import io
import os
import statistics
import sys
import time

import numpy as np
from PIL import Image, features


def encoded(image, **options):
    """(bytes, milliseconds) of `image` saved with `options`."""
    buffer = io.BytesIO()
    start = time.perf_counter()
    image.save(buffer, **options)
    return len(buffer.getvalue()), (time.perf_counter() - start) * 1e3


def main(directory, shapes, limit):
    print(f"# Pillow {Image.__version__}, libwebp {features.version('webp')}, libavif {features.version('avif')}")
    rows = collections.defaultdict(lambda: collections.defaultdict(list))
    failures = []
    for path in sorted(glob.glob(os.path.join(directory, "*.png"))):
        stem = path[:-4]
        shape, index = os.path.basename(stem).split("-")
        if (shapes and shape not in shapes) or (limit is not None and int(index) >= limit):
            continue
        with Image.open(path) as source:
            image = source.copy()
        pixels = np.asarray(image.convert("RGBA"), dtype=np.int16)
        if os.path.exists(stem + ".webp"):
            ours = open(stem + ".webp", "rb").read()
            rows[shape]["ours webp"].append((len(ours), 0))
            with Image.open(io.BytesIO(ours)) as decoded:
                if not np.array_equal(np.asarray(decoded.convert("RGBA"), dtype=np.int16), pixels):
                    failures.append(f"{stem}.webp: Pillow's pixels differ from the PNG")
        rows[shape]["pillow webp lossless (m4 q80)"].append(encoded(image, format="WEBP", lossless=True))
        rows[shape]["pillow webp lossless m6 q100"].append(
            encoded(image, format="WEBP", lossless=True, method=6, quality=100))
        rows[shape]["pillow avif (q75 s6 420, 8-bit)"].append(encoded(image, format="AVIF"))
        if os.path.exists(stem + ".avif"):
            ours = open(stem + ".avif", "rb").read()
            rows[shape]["ours avif"].append((len(ours), 0))
            with Image.open(io.BytesIO(ours)) as decoded:
                difference = np.abs(np.asarray(decoded.convert("RGBA"), dtype=np.int16) - pixels)
            if difference.mean() > 1.5 or difference.max() > 5:
                failures.append(f"{stem}.avif: Pillow decodes mean {difference.mean():.2f} max {difference.max()}")
    print(f"{'shape':8} {'encoder':34} {'cases':>5} {'median bytes':>12} {'median ms':>10}")
    worse = []
    for shape, encoders in rows.items():
        for name, figures in encoders.items():
            sizes = [size for size, _ in figures]
            times = [milliseconds for _, milliseconds in figures]
            timing = f"{statistics.median(times):10.1f}" if any(times) else f"{'(sweep)':>10}"
            print(f"{shape:8} {name:34} {len(figures):5} {statistics.median(sizes):12.0f} {timing}")
        if "ours webp" in encoders:
            ours = statistics.median(size for size, _ in encoders["ours webp"])
            pillow = statistics.median(size for size, _ in encoders["pillow webp lossless (m4 q80)"])
            if ours > pillow:
                worse.append(f"{shape}: our WebP median {ours:.0f} > Pillow's lossless default {pillow:.0f}")
    for line in failures + worse:
        print("FAIL", line)
    print(f"Pillow decoded {sum(len(e.get('ours avif', [])) for e in rows.values())} of our AVIFs and "
          f"{sum(len(e.get('ours webp', [])) for e in rows.values())} of our WebPs: "
          f"{'all as expected' if not failures else f'{len(failures)} failures'}")
    return 1 if failures or worse else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Pillow's WebP and AVIF on the codec sweep's frames")
    parser.add_argument("directory", nargs="?", default="/tmp/codecs-sweep")
    parser.add_argument("--shape", action="append", default=[], help="only this shape (repeatable)")
    parser.add_argument("--limit", type=int, help="only presets with an index below N")
    arguments = parser.parse_args()
    sys.exit(main(arguments.directory, arguments.shape, arguments.limit))
