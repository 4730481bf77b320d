"""Fails on a figure in README.md that no script vouches for.

A figure is a number with a unit of measure (bytes, time, a ratio, a rate, a share) in the README's prose, outside
code blocks and inline code. The only figures allowed are those something checks:

- the format table under "## Formats: PNG, WebP, AVIF, SVG", whose byte counts scripts/readme-format-table.py checks
  against the bytes `gradient render` writes (CI runs it);
- the named statements in VOUCHED below, each with the check that makes it true (the preset count is read from the
  data here).

Benchmark figures belong in bench/README.md, with the command and commit that made them; the README links there.
Prints each unvouched figure with its line; exits 1 when there is any.

Usage: python3 scripts/check-readme-figures.py
"""
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
FORMAT_TABLE_SECTION = "## Formats: PNG, WebP, AVIF, SVG"
UNIT = r"(?:\s?(?:B|KB|KiB|MB|MiB|GB|GiB|ms|µs|s|seconds|×|x|%|req/s|fps|bytes|pixels|px))"
FIGURE = re.compile(r"(?<![\w.@])\d[\d,]*(?:\.\d+)?" + UNIT + r"(?![\w/])")


def preset_count():
    return len(json.loads((ROOT / "bench/data/uigradients.json").read_text(encoding="utf-8")))


# Statements with a figure that is a parameter or a fact checked here, not a measurement: the exact text, and the
# check that holds it.
VOUCHED = {
    "raised by 6 % at the top and lowered by 6 %": lambda: True,  # `percentage=0.06` in the query beside it
}
COUNTS = {
    "one of the {} of uiGradients": preset_count,
}


def main():
    lines = README.read_text(encoding="utf-8").split("\n")
    failures = []
    in_fence = False
    in_format_table = False
    section = ""
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        if line.startswith("#"):
            section = line.strip()
        in_format_table = section == FORMAT_TABLE_SECTION and line.startswith("|")
        if in_format_table:
            continue
        prose = re.sub(r"`[^`]*`", "", line)
        prose = re.sub(r"\]\([^)]*\)", "]", prose)
        for phrase in VOUCHED:
            if phrase in prose and VOUCHED[phrase]():
                prose = prose.replace(phrase, "")
        for template, count in COUNTS.items():
            pattern = re.escape(template).replace(r"\{\}", r"(\d[\d,]*)")
            for match in re.finditer(pattern, prose):
                if int(match.group(1).replace(",", "")) != count():
                    failures.append(f"README.md:{number}: {match.group(0)!r}, but the data holds {count()}")
            prose = re.sub(pattern, "", prose)
        for match in FIGURE.finditer(prose):
            failures.append(f"README.md:{number}: figure {match.group(0)!r} that no script vouches for")
    for failure in failures:
        print(failure)
    if failures:
        print("Move measured figures to bench/README.md (with their command and commit), or add the check that "
              "vouches for them to scripts/check-readme-figures.py.")
        sys.exit(1)
    print("README.md: every figure is vouched for")


if __name__ == "__main__":
    main()
