#!/usr/bin/env python3
"""What holding an image for the reference PNG costs: the encode time of each held image of a random seed
(bench/random_gradients.py) with the encoder's default reference limit against the same encode with none
(`gradient-bench --encode-only --reference-limit 0`), interleaved case by case, and the bytes either way. The
images timed are those the encoder holds (at most the limit's pixels).

Prints the median and 90th percentile of the added milliseconds and of the time ratio, and how many held images the
reference made smaller; exits 1 when a held image came out larger than its streamed PNG (the choice is a minimum).

Usage: python3 bench/held_cost.py [--bin DIR] [--seed 1] [--count 300] [--iterations 5] [--limit 65535]
Build first: swift build -c release --product gradient-bench
"""
import argparse
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from png_peers import our_time  # noqa: E402
from random_gradients import generate  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.path.join(HERE, "..", ".build", "release"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--limit", type=int, default=65535, help="the encoder's default reference limit, in pixels")
    args = parser.parse_args()
    bench = os.path.join(args.bin, "gradient-bench")
    added, ratios, smaller, larger = [], [], 0, 0
    for query in generate(args.seed, args.count):
        streamed_ms, streamed_bytes, pixels = our_time(bench, query, args.iterations, reference_limit=0)
        if pixels > args.limit:
            continue
        held_ms, held_bytes, _ = our_time(bench, query, args.iterations)
        added.append(held_ms - streamed_ms)
        ratios.append(held_ms / max(streamed_ms, 0.001))
        smaller += held_bytes < streamed_bytes
        larger += held_bytes > streamed_bytes
    if not added:
        sys.exit("no held image among the cases")
    quantile = lambda values, q: sorted(values)[min(len(values) - 1, int(q * len(values)))]
    print(f"seed {args.seed}, {args.count} cases, {len(added)} held: added encode time median"
          f" {statistics.median(added):.3f} ms (p90 {quantile(added, 0.9):.3f} ms), time ratio median"
          f" {statistics.median(ratios):.2f}x (p90 {quantile(ratios, 0.9):.2f}x); the reference smaller in {smaller},"
          f" larger in {larger}")
    sys.exit(1 if larger else 0)


if __name__ == "__main__":
    main()
