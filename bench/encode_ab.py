"""A/B of the PNG encode time of two gradient-bench binaries on the preset corpus, interleaved.

For every round, shape and preset, runs `BEFORE --corpus … --shape S --dither D --preset I --iterations N --json`
and then AFTER (the order alternates by round), so both see the same load on a shared machine. Per case, each
binary's figure is the minimum of its rounds' `encode_ms` (itself gradient-bench's median of N timed encodes); the
ratio after/before is then summarised per shape as the median over presets, and over every case as the geometric
mean. The PNG bytes of both binaries must be identical on every case. Exits 1 when they differ, or when the overall
geometric mean exceeds --max-ratio.

Usage: python3 bench/encode_ab.py BEFORE AFTER [--corpus PATH] [--shape NAME]... [--dither on|off]... [--limit N]
                                  [--rounds R] [--iterations N] [--max-ratio X]
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def encode_case(binary, corpus, shape, dither, preset, iterations):
    command = [binary, "--corpus", corpus, "--shape", shape, "--dither", dither, "--preset", str(preset),
               "--iterations", str(iterations), "--json"]
    result = subprocess.run(command, check=True, capture_output=True, text=True, timeout=600)
    line = json.loads(result.stdout.strip().splitlines()[-1])
    return line["encode_ms"], line["png_bytes"], line["name"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--corpus", default=os.path.join(HERE, "data", "uigradients.json"))
    parser.add_argument("--shape", action="append")
    parser.add_argument("--dither", action="append", choices=["on", "off"])
    parser.add_argument("--limit", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--max-ratio", type=float, default=1.02)
    args = parser.parse_args()
    shapes = args.shape or ["h1200", "d135", "v390x3", "r1920", "h600"]
    dithers = args.dither or ["on"]
    cases = [(shape, dither, preset) for shape in shapes for dither in dithers for preset in range(args.limit)]
    times = {case: {"before": [], "after": []} for case in cases}
    names = {}
    failed = False
    for round_index in range(args.rounds):
        order = [("before", args.before), ("after", args.after)]
        if round_index % 2 == 1:
            order.reverse()
        for case in cases:
            sizes = {}
            for side, binary in order:
                encode_ms, png_bytes, names[case] = encode_case(binary, args.corpus, *case, args.iterations)
                times[case][side].append(encode_ms)
                sizes[side] = png_bytes
            if sizes["before"] != sizes["after"]:
                print(f"{case}: {sizes['before']} bytes before, {sizes['after']} after", file=sys.stderr)
                failed = True
        print(f"round {round_index + 1} of {args.rounds} done", file=sys.stderr)
    ratios = {case: min(times[case]["after"]) / min(times[case]["before"]) for case in cases}
    print("| shape | dither | presets | before encode ms (median of per-preset minima) | after | after/before median |")
    print("|---|---|---:|---:|---:|---:|")
    for shape in shapes:
        for dither in dithers:
            group = [case for case in cases if case[0] == shape and case[1] == dither]
            before = statistics.median(min(times[case]["before"]) for case in group)
            after = statistics.median(min(times[case]["after"]) for case in group)
            ratio = statistics.median(ratios[case] for case in group)
            print(f"| {shape} | {dither} | {len(group)} | {before:.2f} | {after:.2f} | {ratio:.3f}× |")
    overall = math.exp(statistics.fmean(math.log(ratio) for ratio in ratios.values()))
    print(f"geometric mean after/before over {len(cases)} cases: {overall:.4f}× (target ≤ {args.max_ratio}×)")
    if overall > args.max_ratio:
        print(f"encode_ab: after is {overall:.4f}× before, above {args.max_ratio}×", file=sys.stderr)
        failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
