"""Runs gradientd's renderer and its peers in the same run, prints the ratios and checks the corpus targets.

Workloads (saturated ramps, dither off; reference figures): in-process `gradient-bench --json` (render + PNG
encode, PNG kept in memory) against pycairo (render + write_to_png into memory); whole process, `gradient render`
against ImageMagick's `convert` for the 1080p vertical image; the peak RSS of `gradient render` for 8192×4096. One
target: d3_1080's PNG with the default dither at most pycairo's bytes for the same gradient (cairo's own pixels,
undithered); exits 1 above it.

Workloads against skia-python (1920x1080, dither on, one thread): `gradient-bench --workload W --dither on
--sequential` against skia-python drawing the same gradient on an opaque surface (`kOpaque_AlphaType`, as a user
draws an opaque image: its PNG is RGB like ours, not RGBA), interleaved over several rounds, medians compared, twice:
render + PNG in memory against render + PNG, and raster only (`--raster-only`) against skia's draw without encoding.
Exits 1 when, on render + PNG, d3_1080 or r2_1080 is below 5x skia-python's speed, or v2_1080 or h2_1080 below 13x;
the raster-only ratios are printed, with no target. Exits 1 too when skia's PNG of a workload is not RGB (its
surface is not opaque) or its pixels are not within a mean of 1.5/255 of ours.

Corpus (the default settings, dither on, on real gradients; dither off labelled as such): `gradient-bench --corpus`
(one thread, sequential) against skia-python rendering the same gradients with Dither=True on an opaque surface and
encoding PNG (RGB) in-process, and against Pillow's `optimize=True` PNG of our decoded pixels. Exits 1, listing
every miss, when a target of the corpus is missed:
  - per shape, our median render + encode (dither on) at least 5x faster than skia-python's median;
  - every case's PNG bytes at most Pillow optimize's, dither on and off;
  - every vertical case's bytes at most 0.6x Pillow optimize's where a palette holds the image (our PNG is indexed),
    otherwise at most 0.9x dithered and 1.0x undithered (more than 256 colours: no PNG encoder reaches 0.6x there);
  - per shape and dither setting, our median encode at least 20x faster than Pillow optimize's median (medians:
    single cases on a shared machine are noisy);
and when skia's pixels are not within a mean of 1.5/255 of ours on the first presets (the peer must draw the same
gradient for the comparison to mean anything), or skia's PNG of those presets is not RGB.

Usage: python3 bench/render_peers.py [--iterations N] [--bin DIR] [--corpus PATH] [--limit N] [--pillow-limit N]
                                     [--corpus-iterations N] [--shape NAME]... [--skip-workloads] [--skip-corpus]
                                     [--workload NAME]... [--skia-rounds N] [--skia-iterations N]
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import corpus_peers  # noqa: E402

PEER_WORKLOADS = ["v2_1080", "h2_1080", "d3_1080", "r2_1080", "v2_4096", "v2_256"]


def peak_rss_kib(command):
    """Runs `command` in a fresh child and returns its peak resident set size in KiB."""
    code = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    return int(subprocess.run([sys.executable, "-c", code, *command], check=True, capture_output=True, text=True).stdout)


def median_process_ms(command, iterations):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def workloads_section(args):
    """The original workloads against pycairo and ImageMagick (dither off, reference figures); returns the missed
    targets: d3_1080's dithered PNG at most pycairo's bytes."""
    import pycairo_workloads

    bench = os.path.join(args.bin, "gradient-bench")
    gradient = os.path.join(args.bin, "gradient")

    ours = {}
    misses = []
    output = subprocess.run([bench, "--json", "--iterations", str(args.iterations)], check=True, capture_output=True, text=True)
    for line in output.stdout.splitlines():
        row = json.loads(line)
        ours[(row["workload"], row["query"].endswith("dither=on"))] = row

    print(f"{'workload':9} {'ours ms':>8} {'pycairo ms':>10} {'speed-up':>9} {'ours bytes':>10} {'pycairo bytes':>13}"
          f" {'dither-on ms':>12} {'dither-on bytes':>15}")
    for name in PEER_WORKLOADS:
        width, height, make = pycairo_workloads.WORKLOADS[name]
        pycairo_workloads.render(width, height, make)
        times = []
        size = 0
        for _ in range(args.iterations):
            start = time.perf_counter()
            size = pycairo_workloads.render(width, height, make)
            times.append((time.perf_counter() - start) * 1000)
        theirs = statistics.median(times)
        off = ours[(name, False)]
        on = ours[(name, True)]
        print(f"{name:9} {off['median_ms']:8.3f} {theirs:10.3f} {theirs / off['median_ms']:8.1f}x {off['png_bytes']:10d}"
              f" {size:13d} {on['median_ms']:12.3f} {on['png_bytes']:15d}")
        if name in BYTES_TARGET_WORKLOADS and on["png_bytes"] > size:
            misses.append(f"bytes: workload {name}: our PNG (dither on) {on['png_bytes']} bytes, above pycairo's {size}"
                          f" ({on['png_bytes'] / size:.3f}x; target <= 1.0x)")
    conic = ours[("c6_1080", False)]
    print(f"c6_1080   {conic['median_ms']:8.3f} (no pycairo peer)   {conic['png_bytes']} bytes")

    convert = "/usr/bin/convert" if os.path.exists("/usr/bin/convert") else shutil.which("convert")
    with tempfile.TemporaryDirectory() as directory:
        ours_command = [gradient, "render", "colors=ff0000,0000ff&dir=vertical&width=1920&height=1080&dither=off",
                        "-o", os.path.join(directory, "ours.png")]
        theirs_command = [convert, "-size", "1920x1080", "gradient:#ff0000-#0000ff", os.path.join(directory, "im.png")]
        ours_ms = median_process_ms(ours_command, args.iterations)
        theirs_ms = median_process_ms(theirs_command, max(3, args.iterations // 3))
        print(f"whole process, 1920x1080 vertical: gradient render {ours_ms:.1f} ms, ImageMagick convert {theirs_ms:.1f} ms,"
              f" speed-up {theirs_ms / ours_ms:.1f}x")
        big = [gradient, "render", "type=radial&colors=red,blue&width=8192&height=4096", "-o", os.path.join(directory, "big.png")]
        print(f"peak RSS of gradient render for 8192x4096 radial: {peak_rss_kib(big) / 1024:.1f} MiB")
    return misses


# Workloads whose dithered PNG must be at most pycairo's bytes (issue: the 45-degree three-stop ramp, 1.15x before).
BYTES_TARGET_WORKLOADS = ("d3_1080",)

# The saturated 1080p workloads against skia-python (dither on, one thread, render + PNG): name -> (skia geometry
# kind, CSS angle, stops, target speed-up). Mirrors BenchmarkQuery.workloads in Sources/gradient-bench.
SKIA_WORKLOADS = {
    "v2_1080": ("linear", 180, ["#ff0000", "#0000ff"], 13.0),
    "h2_1080": ("linear", 90, ["#ff0000", "#0000ff"], 13.0),
    "d3_1080": ("linear", 45, ["#ff0000", "#00ff00", "#0000ff"], 5.0),
    "r2_1080": ("circle", None, ["#ff0000", "#0000ff"], 5.0),
}
SKIA_WORKLOAD_SIZE = (1920, 1080)


def skia_workloads_section(args):
    """Times the 1080p workloads, dither on, against skia-python; returns the list of missed targets.

    Two comparisons, like against like: render + PNG in memory (ours: `gradient-bench --workload W --dither on
    --sequential`; skia: a new opaque surface, drawPaint, encodeToData(PNG)), which carries the targets, and raster
    only (ours: the same with `--raster-only`, rows into one reused row buffer; skia: drawPaint over one opaque surface
    made before the timing, no encode), printed beside it without a target. skia draws on an opaque surface
    (`kOpaque_AlphaType`), so its PNG is RGB as ours is, not RGBA: the render + PNG ratio is not mostly an encoder
    comparison of 4 channels against 3.

    Interleaved: each round runs, workload by workload, one `gradient-bench` process for render + PNG and one for
    raster only (each its in-process median of `--skia-iterations` timed runs after a warm-up), then skia-python's
    median of as many runs of each; the figures are the medians over `--skia-rounds` rounds, so both sides see the
    same load on a shared machine. Before timing, skia's pixels must be within a mean of 1.5/255 of ours (the same
    gradient) and skia's PNG must be RGB (an RGBA peer PNG means the surface is not opaque)."""
    width, height = SKIA_WORKLOAD_SIZE
    bench = os.path.join(args.bin, "gradient-bench")
    names = args.workload or list(SKIA_WORKLOADS)
    print(f"== Workloads against skia-python: 1920x1080, dither on, one thread, opaque skia surface; render + PNG in"
          f" memory, and raster only; {args.skia_rounds} interleaved rounds of {args.skia_iterations} timed runs"
          f" each ==")
    shaders, misses, skia_bytes = {}, [], {}
    queries = {row["workload"]: row["query"] for row in workload_queries(bench)}
    with tempfile.TemporaryDirectory() as directory:
        for name in names:
            kind, angle, colors, _ = SKIA_WORKLOADS[name]
            shaders[name] = corpus_peers.skia_geometry_shader(kind, width, height, angle, colors)
            ours_file = os.path.join(directory, name + ".png")
            subprocess.run([os.path.join(args.bin, "gradient"), "render", queries[name], "-o", ours_file], check=True)
            skia_file = corpus_peers.skia_shader_png(width, height, shaders[name])
            skia_bytes[name] = len(skia_file)
            with open(ours_file, "rb") as handle:
                mean, identical = corpus_peers.mean_difference(handle.read(), skia_file)
            colour_type = corpus_peers.png_colour_type(skia_file)
            print(f"{name}: skia-python's pixels against ours: mean difference {mean:.3f}/255, identical {identical:.1%};"
                  f" skia's PNG {colour_type}, {len(skia_file)} bytes")
            if mean > PEER_MEAN_DIFFERENCE_LIMIT:
                misses.append(f"peer check: {name}: skia-python's pixels differ from ours by a mean of {mean:.2f}/255"
                              f" (limit {PEER_MEAN_DIFFERENCE_LIMIT}/255): the peer does not draw the same gradient")
            if colour_type != "RGB":
                misses.append(f"peer check: {name}: skia-python's PNG is {colour_type}, not RGB: its surface is not"
                              f" opaque, so render + PNG would compare our 3-channel encoder with a 4-channel one")
    surfaces = {name: corpus_peers.skia_opaque_surface(width, height) for name in names}
    ours = {name: [] for name in names}
    theirs = {name: [] for name in names}
    ours_raster = {name: [] for name in names}
    theirs_raster = {name: [] for name in names}
    our_bytes = {}
    for _ in range(args.skia_rounds):
        for name in names:
            command = [bench, "--json", "--workload", name, "--dither", "on", "--sequential",
                       "--iterations", str(args.skia_iterations)]
            row = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
            ours[name].append(row["median_ms"])
            our_bytes[name] = row["png_bytes"]
            row = json.loads(subprocess.run(command + ["--raster-only"], check=True, capture_output=True,
                                            text=True).stdout)
            ours_raster[name].append(row["median_ms"])
            theirs[name].append(skia_median_ms(
                lambda: corpus_peers.skia_shader_png(width, height, shaders[name]), args.skia_iterations))
            theirs_raster[name].append(skia_median_ms(
                lambda: corpus_peers.skia_raster(surfaces[name], shaders[name]), args.skia_iterations))
    print("render + PNG in memory (the targets):")
    print(f"{'workload':9} {'ours ms median (min-max)':>26} {'skia ms median (min-max)':>26} {'speed-up':>9} {'target':>7}"
          f" {'ours bytes':>10} {'skia bytes (RGB)':>16}")
    for name in names:
        target = SKIA_WORKLOADS[name][3]
        ours_ms, skia_ms = statistics.median(ours[name]), statistics.median(theirs[name])
        speed_up = skia_ms / ours_ms
        print(f"{name:9} {median_range(ours[name], 1):>26} {median_range(theirs[name], 1):>26} {speed_up:8.2f}x"
              f" {target:6g}x {our_bytes[name]:10d} {skia_bytes[name]:16d}")
        if speed_up < target:
            misses.append(f"time: workload {name}: median render + encode {ours_ms:.1f} ms against skia-python's"
                          f" {skia_ms:.1f} ms = {speed_up:.2f}x faster (target >= {target:g}x; dither on, one thread,"
                          f" opaque skia surface, {args.skia_rounds} rounds)")
    print("raster only, no encode (no target; ours into one reused row buffer, skia over one opaque surface made"
          " before the timing):")
    print(f"{'workload':9} {'ours ms median (min-max)':>26} {'skia ms median (min-max)':>26} {'speed-up':>9}")
    for name in names:
        ours_ms, skia_ms = statistics.median(ours_raster[name]), statistics.median(theirs_raster[name])
        print(f"{name:9} {median_range(ours_raster[name], 2):>26} {median_range(theirs_raster[name], 2):>26}"
              f" {skia_ms / max(ours_ms, 1e-3):8.2f}x")
    return misses


def median_range(values, digits):
    """'median (min-max)' of `values`."""
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


def skia_median_ms(draw, iterations):
    """skia-python's median ms of `draw()` over `iterations` timed runs after one warm-up."""
    draw()
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        draw()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def workload_queries(bench):
    """The workloads' queries with dither on, as gradient-bench names them (one warm-up and run each, raster only)."""
    output = subprocess.run([bench, "--json", "--raster-only", "--dither", "on", "--iterations", "1"],
                            check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in output.splitlines()]


# The corpus targets (issue 13) and the tolerance that proves the skia-python peer draws the same gradient.
SKIA_SPEED_UP_TARGET = 5.0  # per shape, skia-python's median ms / ours, dither on
PILLOW_BYTES_TARGET = 1.0  # every case, ours / Pillow optimize bytes, dither on and off
VERTICAL_BYTES_TARGET = 0.6  # every vertical case whose PNG is indexed (256 colours or fewer), ours / Pillow bytes
VERTICAL_DITHERED_BYTES_TARGET = 0.9  # every vertical case of more than 256 colours, dither on
VERTICAL_UNDITHERED_BYTES_TARGET = 1.0  # every vertical case of more than 256 colours, dither off
PNG_COLOUR_TYPE_OFFSET, PNG_INDEXED_COLOUR = 25, 3  # IHDR's colour type byte in a PNG file; 3 is indexed-colour
VERTICAL_SHAPES = {"v390x3"}
ENCODE_SPEED_UP_TARGET = 20.0  # per shape and dither setting, median of Pillow optimize ms / our encode ms
PEER_MEAN_DIFFERENCE_LIMIT = 1.5  # mean |skia - ours| per channel, in 1/255, on the checked presets


def spread(values, digits=1):
    """'median / worst' of `values`, worst being the largest."""
    return f"{statistics.median(values):.{digits}f} / {max(values):.{digits}f}"


def our_case(args, shape, index, directory, write):
    """Runs `gradient-bench --corpus` for one preset at one shape (dither on and off); returns {dither: JSON row}."""
    command = [os.path.join(args.bin, "gradient-bench"), "--corpus", args.corpus, "--json",
               "--shape", shape, "--preset", str(index), "--iterations", str(args.corpus_iterations)]
    if write:
        command += ["--write-dir", directory]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stderr}")
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    return {row["dither"]: row for row in rows}


def corpus_section(args):
    """Times and sizes the corpus against skia-python and Pillow optimize; returns the list of missed targets.

    Case by case: for each shape and preset, gradientd (a `gradient-bench --preset` process, timed in-process),
    then skia-python, then Pillow, so that both sides of every ratio see the same load on a shared machine."""
    presets = corpus_peers.load_presets(args.corpus, args.limit)
    shapes = args.shape or list(corpus_peers.SHAPES)
    pillow_limit = min(len(presets), args.pillow_limit or len(presets))
    check_presets = min(len(presets), args.check_presets)
    print(f"== Corpus: {len(presets)} presets of {os.path.relpath(args.corpus)}, shapes {' '.join(shapes)} ==")
    print("gradientd: gradient-bench --corpus, in-process, one thread, sequential (not the pipelined two-thread path),"
          f" {args.corpus_iterations} timed run(s) per case after a warm-up.")
    print("skia-python: opaque surface (kOpaque_AlphaType) + drawPaint(shader, Dither=True) + encodeToData(PNG, RGB)"
          " in-process, one thread, the same geometry; one warm-up per shape.")
    print("Pillow: save(PNG, optimize=True) of our decoded pixels; the encode alone is timed.")
    print("Interleaved case by case: gradientd, then skia-python, then Pillow, for each preset and shape.")
    skia_lines, pillow_lines, misses, checks = [], [], [], []
    with tempfile.TemporaryDirectory() as directory:
        for shape in shapes:
            started = time.monotonic()
            ours, skia, pillow = {}, [], {}
            corpus_peers.skia_png(shape, presets[0]["colors"])
            for index, preset in enumerate(presets):
                keep = index < max(pillow_limit, check_presets)
                for dither, row in our_case(args, shape, index, directory, keep).items():
                    ours[(dither, index)] = row
                skia.append(corpus_peers.skia_timed(shape, preset["colors"], args.corpus_iterations))
                if index < check_presets:
                    skia_file = corpus_peers.skia_png(shape, preset["colors"])
                    with open(ours[("on", index)]["file"], "rb") as handle:
                        mean, identical = corpus_peers.mean_difference(handle.read(), skia_file)
                    checks.append((mean, identical))
                    if corpus_peers.png_colour_type(skia_file) != "RGB":
                        misses.append(f"peer check: {shape} {preset['name']!r}: skia-python's PNG is"
                                      f" {corpus_peers.png_colour_type(skia_file)}, not RGB: its surface is not"
                                      f" opaque")
                    if mean > PEER_MEAN_DIFFERENCE_LIMIT:
                        misses.append(f"peer check: {shape} {preset['name']!r}: skia-python's pixels differ from ours"
                                      f" by a mean of {mean:.2f}/255 (limit {PEER_MEAN_DIFFERENCE_LIMIT}/255;"
                                      f" identical pixels {identical:.1%}): the peer does not draw the same gradient")
                if index < pillow_limit:
                    for dither in ("on", "off"):
                        with open(ours[(dither, index)]["file"], "rb") as handle:
                            png = handle.read()
                        ours[(dither, index)]["indexed"] = png[PNG_COLOUR_TYPE_OFFSET] == PNG_INDEXED_COLOUR
                        pillow[(dither, index)] = corpus_peers.pillow_optimized(png)
                        os.remove(ours[(dither, index)]["file"])
            print(f"[{shape}: {len(presets)} presets in {time.monotonic() - started:.0f} s]", file=sys.stderr)
            skia_lines.append(skia_row(shape, len(presets), ours, skia, misses))
            pillow_lines += pillow_rows(shape, pillow_limit, ours, pillow, misses)

    print("\nTime, default settings (dither on), render + PNG encode, ms; cases = presets:")
    print(f"{'shape':7} {'cases':>5} {'ours med / worst':>18} {'skia med / worst':>18} {'speed-up':>9}"
          f" {'ours raster-only':>17} {'ours bytes med':>14} {'skia bytes med':>14} {'dither off: ours ms':>20}")
    print("\n".join(skia_lines))
    print(f"(speed-up = skia-python's median / ours; skia pixels against ours, first {check_presets} preset(s) of each"
          f" shape, dither on: mean difference at most {max(checks)[0]:.3f}/255, identical pixels at least"
          f" {min(c[1] for c in checks):.1%})")

    print(f"\nPNG bytes and encode time against Pillow optimize=True of our decoded pixels;"
          f" first {pillow_limit} preset(s) of each shape:")
    print(f"(target: every case <= {PILLOW_BYTES_TARGET:g}x Pillow's bytes; vertical <= {VERTICAL_BYTES_TARGET:g}x"
          f" where our PNG is indexed, else <= {VERTICAL_DITHERED_BYTES_TARGET:g}x dithered and"
          f" <= {VERTICAL_UNDITHERED_BYTES_TARGET:g}x undithered; 'over target' counts the cases above it)")
    print(f"{'shape':7} {'dither':12} {'cases':>5} {'ours bytes med / worst':>24} {'pillow bytes med / worst':>26}"
          f" {'ours/pillow med / worst':>24} {'over target':>11} {'ours encode ms':>16} {'pillow ms':>18}"
          f" {'encode speed-up med / worst':>28}")
    print("\n".join(pillow_lines))
    print("(ours encode = our PNG encoder alone on rows already rendered into memory, checked to give the bytes of"
          " render + encode; speed-up = Pillow ms / ours, per case, worst = smallest)")
    return misses


def skia_row(shape, count, ours, skia, misses):
    """The time table's line for `shape`; appends to `misses` when the speed-up target is missed."""
    on = [ours[("on", i)] for i in range(count)]
    off = [ours[("off", i)] for i in range(count)]
    our_ms = [row["ms"] for row in on]
    skia_ms = [ms for ms, _ in skia]
    speed_up = statistics.median(skia_ms) / statistics.median(our_ms)
    if speed_up < SKIA_SPEED_UP_TARGET:
        misses.append(f"time: {shape}: median render + encode {statistics.median(our_ms):.1f} ms against"
                      f" skia-python's {statistics.median(skia_ms):.1f} ms = {speed_up:.2f}x faster"
                      f" (target >= {SKIA_SPEED_UP_TARGET:g}x; {count} presets)")
    return (f"{shape:7} {count:5d} {spread(our_ms):>18} {spread(skia_ms):>18} {speed_up:8.2f}x"
            f" {spread([row['raster_ms'] for row in on], 2):>17} {statistics.median(r['png_bytes'] for r in on):14,.0f}"
            f" {statistics.median(size for _, size in skia):14,.0f} {spread([row['ms'] for row in off], 2):>20}")


def pillow_rows(shape, count, ours, pillow, misses):
    """The bytes table's lines for `shape`, dither on and off; appends to `misses` for every missed target."""
    lines = []
    for dither in ("on", "off"):
        label = "on (default)" if dither == "on" else "off"
        rows = [ours[(dither, i)] for i in range(count)]
        theirs = [pillow[(dither, i)] for i in range(count)]
        ratios = [row["png_bytes"] / size for row, (_, size) in zip(rows, theirs)]
        speed_ups = [ms / max(row["encode_ms"], 1e-3) for row, (ms, _) in zip(rows, theirs)]
        limits = [bytes_target(shape, dither, row) for row in rows]
        over = [ratio for ratio, limit in zip(ratios, limits) if ratio > limit]
        lines.append(f"{shape:7} {label:12} {count:5d} {spread([r['png_bytes'] for r in rows], 0):>24}"
                     f" {spread([size for _, size in theirs], 0):>26} {spread(ratios, 2):>24} {len(over):11d}"
                     f" {spread([r['encode_ms'] for r in rows], 2):>16} {spread([ms for ms, _ in theirs], 1):>18}"
                     f" {statistics.median(speed_ups):13.1f}x / {min(speed_ups):.1f}x")
        if over:
            worst_ratio, worst_limit, worst_row = max(
                ((ratio, limit, row) for ratio, limit, row in zip(ratios, limits, rows) if ratio > limit),
                key=lambda case: case[0] / case[1])
            misses.append(f"bytes: {shape} dither {dither}: {len(over)} of {count} cases above their target;"
                          f" ours/Pillow median {statistics.median(ratios):.2f}x, furthest over"
                          f" {worst_row['name']!r} at {worst_ratio:.2f}x (target <= {worst_limit:g}x)")
        if statistics.median(speed_ups) < ENCODE_SPEED_UP_TARGET:
            misses.append(f"encode time: {shape} dither {dither}: our encoder is a median"
                          f" {statistics.median(speed_ups):.1f}x faster than Pillow optimize (ours"
                          f" {statistics.median(r['encode_ms'] for r in rows):.2f} ms, Pillow"
                          f" {statistics.median(ms for ms, _ in theirs):.1f} ms; target >="
                          f" {ENCODE_SPEED_UP_TARGET:g}x; {count} cases)")
    return lines


def bytes_target(shape, dither, row):
    """The largest ours / Pillow optimize bytes ratio allowed for one case."""
    if shape not in VERTICAL_SHAPES:
        return PILLOW_BYTES_TARGET
    if row["indexed"]:
        return VERTICAL_BYTES_TARGET
    return VERTICAL_DITHERED_BYTES_TARGET if dither == "on" else VERTICAL_UNDITHERED_BYTES_TARGET


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=15, help="timed runs per workload (workloads section)")
    parser.add_argument("--bin", default=os.path.join(HERE, "..", ".build", "release"))
    parser.add_argument("--corpus", default=os.path.join(HERE, "data", "uigradients.json"))
    parser.add_argument("--limit", type=int, help="only the first N presets of the corpus (default: all)")
    parser.add_argument("--pillow-limit", type=int, help="Pillow optimize on the first N presets only (default: --limit)")
    parser.add_argument("--check-presets", type=int, default=3, help="presets per shape whose skia pixels are compared")
    parser.add_argument("--corpus-iterations", type=int, default=1, help="timed runs per corpus case after a warm-up")
    parser.add_argument("--shape", action="append", choices=list(corpus_peers.SHAPES), help="only this shape (repeatable)")
    parser.add_argument("--skip-workloads", action="store_true", help="no pycairo and ImageMagick workloads")
    parser.add_argument("--skip-corpus", action="store_true", help="no corpus section")
    parser.add_argument("--workload", action="append", choices=list(SKIA_WORKLOADS),
                        help="only this workload against skia-python (repeatable)")
    parser.add_argument("--skia-rounds", type=int, default=7, help="interleaved rounds of the skia-python workloads")
    parser.add_argument("--skia-iterations", type=int, default=3, help="timed runs per side, workload and round")
    args = parser.parse_args()
    misses = []
    if not args.skip_workloads:
        print("== Workloads (saturated ramps; dither off unless labelled; target: d3_1080 bytes <= pycairo's) ==")
        misses += workloads_section(args)
        print()
    misses += skia_workloads_section(args)
    print()
    if not args.skip_corpus:
        misses += corpus_section(args)
    if misses:
        print(f"\nFAIL: {len(misses)} target(s) missed:")
        for miss in misses:
            print(f"  - {miss}")
        sys.exit(1)
    print("\nPASS: every target met")


if __name__ == "__main__":
    main()
