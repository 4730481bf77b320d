"""Where the judge's losses come from: for each image above Pillow's bytes in a `png_peers.py --tsv` table, our own
filtered rows (our IDAT inflated) recompressed by zlib at levels 1, 4, 6 and 9 (`Z_FILTERED`, window 15, memory
level 9), each against Pillow's bytes and Pillow's encode time.

If zlib at some level on *our* rows is under Pillow's bytes, our filters were good enough and the token search lost;
if even level 9 is above, the filter choice lost too. The time column says what that level would cost against
Pillow's own encode (Pillow's time is zlib level 9 on its own rows, so level 9 here is about 1x).

Prints a line per case and, per level, the median ratio, the cases still above and the median speed against Pillow.

Usage: python3 bench/png_peers.py --random SEED --count N --held-pixels 65535 --tsv /tmp/judge.tsv
       python3 bench/loss_anatomy.py /tmp/judge.tsv [--limit N] [--bin .build/release]
"""
import argparse
import csv
import os
import statistics
import struct
import subprocess
import time
import zlib

LEVELS = (1, 4, 6, 9)


def idat_data(png):
    """The concatenated IDAT payloads of a PNG."""
    position = 8
    data = bytearray()
    while position < len(png):
        (length,) = struct.unpack(">I", png[position:position + 4])
        if png[position + 4:position + 8] == b"IDAT":
            data += png[position + 8:position + 8 + length]
        position += 12 + length
    return bytes(data)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tsv")
    parser.add_argument("--limit", type=int, default=None, help="only the first N cases above Pillow")
    parser.add_argument("--bin", default=".build/release")
    args = parser.parse_args()
    gradient = os.path.join(args.bin, "gradient")
    with open(args.tsv) as table:
        rows = [row for row in csv.DictReader(table, delimiter="\t") if float(row["ratio"]) > 1.0]
    rows = rows[:args.limit]
    ratios = {level: [] for level in LEVELS}
    speeds = {level: [] for level in LEVELS}
    for row in rows:
        png = subprocess.run([gradient, "render", row["query"], "-o", "-"], check=True, capture_output=True).stdout
        filtered = zlib.decompress(idat_data(png))
        pillow_bytes = int(row["pillow_bytes"])
        cells = []
        for level in LEVELS:
            start = time.perf_counter()
            compressor = zlib.compressobj(level, zlib.DEFLATED, 15, 9, zlib.Z_FILTERED)
            size = len(compressor.compress(filtered) + compressor.flush())
            elapsed_ms = (time.perf_counter() - start) * 1000
            ratios[level].append(size / pillow_bytes)
            speeds[level].append(float(row["pillow_ms"]) / max(elapsed_ms, 0.01))
            cells.append(f"L{level} {size / pillow_bytes:.3f}")
        print(f"{row['index']:>5} ours {float(row['ratio']):.3f}  " + "  ".join(cells) + f"  {row['mode']} {row['size']}")
    if not rows:
        print("no case above Pillow")
        return
    print(f"\n{len(rows)} cases above Pillow; zlib on our filtered rows, against Pillow's bytes and encode time:")
    for level in LEVELS:
        above = sum(ratio > 1.0 for ratio in ratios[level])
        print(f"  level {level}: median {statistics.median(ratios[level]):.3f}x, {above} still above, "
              f"{statistics.median(speeds[level]):.1f}x Pillow's speed")


if __name__ == "__main__":
    main()
