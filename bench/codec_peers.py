"""Pillow's WebP and AVIF encoders on the very pixels of `gradient-bench --codec-sweep ... --write-dir DIR`, and
Pillow reading our files back.

For every GROUP-INDEX.png in DIR (the default 8-bit dithered frame, our PNG), Pillow encodes lossless WebP with its
defaults (method 4, quality 80) and with method 6, quality 100, and AVIF at its defaults (quality 75, speed 6,
4:2:0, 8-bit: Pillow's AVIF takes 8-bit pixels, so it gets the dithered PNG's, not the ramp ours is made from); the
medians per group are printed beside ours (GROUP-INDEX.webp / .avif, the standard settings, and
GROUP-INDEX.smallest.webp, WebP with the opt-in `compression=smallest`). With `--formats`, the
sweep also writes ours.tsv: our bytes and render + encode ms per format through the product's path, and our AVIF's
error against the exact ramp as libavif decodes it; those ms are printed too (Pillow's are encode only, from pixels
already decoded).

Pillow also decodes our files: our WebPs must give the PNG's pixels exactly, and our AVIF (10-bit, from the
undithered ramp) must come within mean 1.0/255 and max 4/255 plus the dither's own ±0.5 of the dithered PNG, which
shows that a third-party decoder reads its colour description (CICP, full range) as we wrote it; with ours.tsv, the
error libavif measured against the exact ramp must be within mean 1.0/255 and max 4/255. Exits non-zero when any file
fails (AVIF's error bound, defined on the preset corpus, fails only the corpus shapes; a workload outside it is
listed as a note), when our `compression=smallest` WebP is larger than Pillow's lossless default on median in any
group, or (with ours.tsv) when our default WebP's median render + encode takes more than 100 ms on a 1200×630 card
shape (one encode per case on one thread; the default trades bytes for that speed, so its bytes have no target here),
or when our AVIF's median is above 1/5 of our PNG's in any corpus shape or over the workloads (their median
share: each workload is one case).

    python3 bench/codec_peers.py DIR [--shape GROUP]... [--limit N] [--markdown]
"""
import argparse
import collections
import csv
import glob
import io
import os
import statistics
import sys
import time

import numpy as np
from PIL import Image, features

MEAN_BOUND, MAX_BOUND = 1.0, 4.0   # docs/API.md "Formats": the AVIF error bound against the exact ramp, 1/255 units
DITHER = 0.5                       # the dithered PNG's own distance from that ramp
AVIF_TO_PNG = 1 / 5                # target: our AVIF's median bytes at most this share of our PNG's
WEBP_CARD_MS = 100                 # target: our default WebP's median render + encode ms on a card shape
CARD_GROUPS = {"h1200", "d135"}    # the 1200×630 social cards
# The corpus shapes: the error bound is defined on the preset corpus (docs/API.md "Formats"), so only these fail on it;
# the saturated workloads are one-case groups, so their size target is the median over all of them.
CORPUS_GROUPS = {"h1200", "d135", "v390x3", "r1920", "h600"}

PILLOW_WEBP = "pillow webp lossless (m4 q80)"
PILLOW_WEBP_M6 = "pillow webp lossless m6 q100"
SMALLEST_WEBP = "webp-smallest"
PILLOW_AVIF = "pillow avif (q75 s6 420, 8-bit)"


def encoded(image, **options):
    """(bytes, milliseconds) of `image` saved with `options`."""
    buffer = io.BytesIO()
    start = time.perf_counter()
    image.save(buffer, **options)
    return len(buffer.getvalue()), (time.perf_counter() - start) * 1e3


def read_ours(directory):
    """{stem: {format: row}} from ours.tsv, and the groups in the order the sweep ran them."""
    path = os.path.join(directory, "ours.tsv")
    figures, order = collections.defaultdict(dict), []
    if os.path.exists(path):
        with open(path, newline="") as file:
            for row in csv.DictReader(file, delimiter="\t"):
                figures[row["case"]][row["format"]] = row
                if row["group"] not in order:
                    order.append(row["group"])
    return figures, order


def main(directory, groups, limit, markdown):
    print(f"# Pillow {Image.__version__}, libwebp {features.version('webp')}, libavif {features.version('avif')}")
    ours, order = read_ours(directory)
    rows = collections.defaultdict(lambda: collections.defaultdict(list))
    failures = []
    notes = []
    for path in sorted(glob.glob(os.path.join(directory, "*.png"))):
        stem = path[:-4]
        name = os.path.basename(stem)
        group, index = name.rsplit("-", 1)
        if (groups and group not in groups) or (limit is not None and int(index) >= limit):
            continue
        if ours and name not in ours:
            continue
        mine = ours.get(name, {})
        with Image.open(path) as source:
            image = source.convert("RGBA" if source.mode == "RGBA" or "transparency" in source.info else "RGB")
        pixels = np.asarray(image.convert("RGBA"), dtype=np.int16)
        rows[group]["png"].append((os.path.getsize(path), float(mine["png"]["ms"]) if "png" in mine else 0))
        for variant, suffix in (("webp", ".webp"), (SMALLEST_WEBP, ".smallest.webp")):
            if not os.path.exists(stem + suffix):
                continue
            data = open(stem + suffix, "rb").read()
            rows[group][variant].append((len(data), float(mine[variant]["ms"]) if variant in mine else 0))
            with Image.open(io.BytesIO(data)) as decoded:
                if not np.array_equal(np.asarray(decoded.convert("RGBA"), dtype=np.int16), pixels):
                    failures.append(f"{name}{suffix}: Pillow's pixels differ from the PNG")
        rows[group][PILLOW_WEBP].append(encoded(image, format="WEBP", lossless=True))
        rows[group][PILLOW_WEBP_M6].append(encoded(image, format="WEBP", lossless=True, method=6, quality=100))
        rows[group][PILLOW_AVIF].append(encoded(image, format="AVIF"))
        if os.path.exists(stem + ".avif"):
            data = open(stem + ".avif", "rb").read()
            rows[group]["avif"].append((len(data), float(mine["avif"]["ms"]) if "avif" in mine else 0))
            with Image.open(io.BytesIO(data)) as decoded:
                difference = np.abs(np.asarray(decoded.convert("RGBA"), dtype=np.int16) - pixels)
            if difference.mean() > MEAN_BOUND + DITHER or difference.max() > MAX_BOUND + 2 * DITHER:
                line = f"{name}.avif: Pillow decodes mean {difference.mean():.2f} max {difference.max()}"
                (failures if group in CORPUS_GROUPS else notes).append(line)
            rows[group]["pillow avif error"].append((difference.mean(), difference.max()))
            if "avif" in mine:
                mean, maximum = float(mine["avif"]["mean_error"]), float(mine["avif"]["max_error"])
                rows[group]["libavif error"].append((mean, maximum))
                if mean > MEAN_BOUND or maximum > MAX_BOUND:
                    line = f"{name}.avif: libavif decodes mean {mean:.3f} max {maximum:.3f} from the ramp"
                    (failures if group in CORPUS_GROUPS else notes).append(line)
        print(f"# {name}: done", file=sys.stderr, flush=True)
    worse = report(rows, order + [group for group in rows if group not in order], bool(ours), markdown)
    for line in notes:
        print("NOTE (a workload, outside the corpus the bound is defined on)", line)
    for line in failures + worse:
        print("FAIL", line)
    decoded = sum(len(encoders.get(variant, [])) for encoders in rows.values()
                  for variant in ("avif", "webp", SMALLEST_WEBP))
    print(f"Pillow decoded {decoded} of our WebP and AVIF files: "
          f"{'all as expected' if not failures else f'{len(failures)} failures'}; "
          f"{'every size and time target met' if not worse else f'{len(worse)} targets missed'}")
    return 1 if failures or worse else 0


def report(rows, order, timed, markdown):
    """Prints one line per group (median bytes, median ms) and returns the size and time targets missed."""
    def median(group, name, column=0):
        return statistics.median(figure[column] for figure in rows[group][name])

    def cell(group, name):
        if name not in rows[group]:
            return "-"
        size = f"{median(group, name):,.0f}"
        return f"{size} ({median(group, name, 1):,.1f})" if timed or name.startswith("pillow") else size

    headers = ["group", "cases", "PNG", "WebP (default)", "WebP compression=smallest", "Pillow WebP lossless",
               "default/smallest", "smallest/Pillow", "Pillow WebP m6 q100", "AVIF", "Pillow AVIF 8-bit", "AVIF/PNG",
               "AVIF error mean/max (libavif; Pillow)"]
    lines = []
    worse = []
    workload_ratios = []
    for group in order:
        if group not in rows:
            continue
        encoders = rows[group]
        png = median(group, "png")
        webp_ratio = speed_cost = avif_ratio = error = "-"
        if SMALLEST_WEBP in encoders:
            ours, pillow = median(group, SMALLEST_WEBP), median(group, PILLOW_WEBP)
            webp_ratio = f"{ours / pillow:.2f}"
            if ours > pillow:
                worse.append(f"{group}: our compression=smallest WebP median {ours:.0f} > Pillow's lossless default"
                             f" {pillow:.0f}")
            if "webp" in encoders:
                speed_cost = f"{median(group, 'webp') / ours:.2f}"
        if "webp" in encoders and timed and group in CARD_GROUPS and median(group, "webp", 1) > WEBP_CARD_MS:
            worse.append(f"{group}: our default WebP takes a median {median(group, 'webp', 1):.1f} ms per card"
                         f" (target <= {WEBP_CARD_MS} ms)")
        if "avif" in encoders:
            avif = median(group, "avif")
            avif_ratio = f"1/{png / avif:.0f}" if avif else "-"
            if group not in CORPUS_GROUPS:
                workload_ratios.append(avif / png)
            elif timed and avif > png * AVIF_TO_PNG:
                worse.append(f"{group}: our AVIF median {avif:.0f} > 1/5 of our PNG's {png:.0f}")
            pillow_error = encoders["pillow avif error"]
            error = (f"{max(m for m, _ in encoders['libavif error']):.2f}/"
                     f"{max(x for _, x in encoders['libavif error']):.2f}; " if "libavif error" in encoders else "")
            error += f"{max(m for m, _ in pillow_error):.2f}/{max(x for _, x in pillow_error):.0f}"
        lines.append([group, str(len(encoders["png"])), cell(group, "png"), cell(group, "webp"),
                      cell(group, SMALLEST_WEBP), cell(group, PILLOW_WEBP), speed_cost, webp_ratio,
                      cell(group, PILLOW_WEBP_M6), cell(group, "avif"),
                      cell(group, PILLOW_AVIF), avif_ratio, error])
    print("# median bytes (median ms); ours: render + encode through the product's path; Pillow: encode only"
          if timed else "# median bytes; Pillow: (median encode ms)")
    if markdown:
        print("| " + " | ".join(headers) + " |")
        print("|---|" + "---:|" * (len(headers) - 1))
        for line in lines:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(row[column]) for row in [headers] + lines) for column in range(len(headers))]
        for line in [headers] + lines:
            print("  ".join(text.rjust(width) if column else text.ljust(width)
                            for column, (text, width) in enumerate(zip(line, widths))))
    if workload_ratios:
        ratio = statistics.median(workload_ratios)
        print(f"# the {len(workload_ratios)} workloads: median AVIF/PNG 1/{1 / ratio:.0f}")
        if timed and ratio > AVIF_TO_PNG:
            worse.append(f"the workloads: our AVIF's median share of our PNG, 1/{1 / ratio:.1f}, is above 1/5")
    return worse


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Pillow's WebP and AVIF on the codec sweep's frames")
    parser.add_argument("directory", nargs="?", default="/tmp/codecs-sweep")
    parser.add_argument("--shape", action="append", default=[], help="only this group (repeatable)")
    parser.add_argument("--limit", type=int, help="only cases with an index below N")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    arguments = parser.parse_args()
    sys.exit(main(arguments.directory, arguments.shape, arguments.limit, arguments.markdown))
