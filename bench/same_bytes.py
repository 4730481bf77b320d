"""Checks that two `gradient` binaries write the same bytes: for a change meant to keep every output (a faster loop,
a refactoring), run the binary before it against the binary after it.

The queries: every line of the CSS corpus (default bench/data/css-gradients.txt) at 1200x630 and 333x97 with dither on
and off; angled, repeating, translucent, radial and conic colour lists; and `--random N` ramps drawn from `--seed`
(2 to 6 stops of opaque or translucent colours, channels often 00 or ff, widths 1 to 1200, linear at any angle,
radial or conic, 8 or 16 bits, dither on or off). Each is rendered to PNG by both binaries and the bytes compared.

Prints every query whose bytes differ and a summary; exits 1 when any differs or a query fails in one binary only.

`--judge N` adds the first N gradients of the random judge's seed (bench/random_gradients.py: the whole `css=`
grammar, sizes, scale, dither and grain).

Usage: python3 bench/same_bytes.py OLD_GRADIENT NEW_GRADIENT [--corpus PATH] [--random N] [--seed S] [--judge N]
                                  [--jobs J]
Example: git worktree add /tmp/before HEAD~1 && (cd /tmp/before && swift build -c release --product gradient)
         python3 bench/same_bytes.py /tmp/before/.build/release/gradient .build/release/gradient --random 2000
"""
import argparse
import concurrent.futures
import hashlib
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import random_gradients  # noqa: E402
from png_peers import load_corpus, query_for  # noqa: E402


def corpus_queries(path):
    queries = []
    for css in load_corpus(path, None):
        for width, height in [(1200, 630), (333, 97)]:
            for dither in ["on", "off"]:
                queries.append(query_for(css, width, height) + f"&dither={dither}")
    queries += [f"colors=red,lime,blue,yellow&dir={angle}&width=517&height=211" for angle in (0, 13, 45, 90, 135, 200, 271, 333)]
    queries += [
        f"colors=ff7e5f,feb47b,86a8e7,91eae4,000&dir={angle}&width=640&height=360&spread={spread}"
        for angle in (30, 120) for spread in ("pad", "repeat", "reflect")
    ]
    queries += [
        "colors=ff7e5f00,feb47b,86a8e7cc&dir=60&width=640&height=360",
        "colors=red,blue&type=radial&width=500&height=300",
        "colors=red,lime,blue&type=radial&width=500&height=300&spread=repeat",
        "colors=red,lime,blue,white&type=conic&width=300&height=300",
        "colors=ff7e5f,feb47b&angle=30&width=333&height=97&grain=0.5",
        "colors=ff7e5f80,feb47b,000,fff,0f0,00f&type=mesh&mesh=3x2&width=301&height=203",
    ]
    return queries


def random_queries(count, seed):
    rng = random.Random(seed)

    def color():
        text = "".join(rng.choice(["00", "ff", "%02x" % rng.randrange(256)]) for _ in range(3))
        return text + ("%02x" % rng.randrange(256) if rng.random() < 0.3 else "")

    queries = []
    for _ in range(count):
        stops = ",".join(color() for _ in range(rng.choice([2, 2, 3, 4, 5, 6])))
        width = rng.choice([1, 3, 7, 8, 9, 17, 100, 333, 1200])
        height = rng.choice([1, 5, 40, 97])
        query = f"colors={stops}&width={width}&height={height}"
        kind = rng.random()
        if kind < 0.6:
            angle = rng.choice([0, 45, 90, 135, 180, 225, 270, 315, rng.uniform(0, 360)])
            query += f"&angle={angle:.3f}"
        elif kind < 0.8:
            query += "&type=radial"
        else:
            query += "&type=conic"
        query += "&dither=" + rng.choice(["on", "off"])
        if rng.random() < 0.15:
            query += "&depth=16"
        queries.append(query)
    return queries


def digest(binary, query):
    result = subprocess.run([binary, "render", query, "-o", "-"], capture_output=True, timeout=120)
    if result.returncode != 0:
        return "error: " + result.stderr.decode(errors="replace").strip()[:120]
    return hashlib.sha256(result.stdout).hexdigest()


def main():
    parser = argparse.ArgumentParser(description="Compare the PNG bytes two gradient binaries write.")
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--corpus", default="bench/data/css-gradients.txt")
    parser.add_argument("--random", type=int, default=400, help="random ramps (default 400)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--judge", type=int, default=0,
                        help="also the first N queries of the random judge (bench/random_gradients.py) of --seed")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    queries = corpus_queries(args.corpus) + random_queries(args.random, args.seed)
    queries += random_gradients.generate(args.seed, args.judge)
    differing = 0
    failing = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        old = pool.map(lambda query: digest(args.old, query), queries)
        new = pool.map(lambda query: digest(args.new, query), queries)
        for query, before, after in zip(queries, old, new):
            if before.startswith("error") or after.startswith("error"):
                failing += before.startswith("error") != after.startswith("error")
            if before != after:
                differing += 1
                print(f"differs: {query}\n  old {before[:64]}\n  new {after[:64]}")
    print(f"{len(queries)} queries: {differing} differ, {failing} fail in one binary only")
    sys.exit(1 if differing or failing else 0)


if __name__ == "__main__":
    main()
