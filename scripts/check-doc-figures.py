"""Fails on a measured figure in docs/*.md that carries neither the commit nor the command that made it.

A measured figure is a ratio (`0.87×`), a share (`99.6%`), a time in ms or µs, a rate (`req/s`), or a size or time
written with a fraction or thousands separators (`2.27 MB`, `75,461,896 bytes`); defaults and limits are written
round (`256 MiB`, `10 s`) and are not measurements. A bound (`at least 99%`, `below 100%`) is a target, not a
measurement; `4096 × 4096` (spaced) is a product. A figure is vouched for when its section (the text under its heading, the
headings above it included, up to the figure's paragraph) names a commit (7 to 40 hex digits) and a command
(inline code running a script or tool). docs/API.md, the contract, is left out: its figures are the API's limits.
The statements in PARAMETERS are defaults stated with a unit, each checked against the code that sets them.

Prints each unvouched figure with its file and paragraph; exits 1 when there is any.

Usage: python3 scripts/check-doc-figures.py
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MEASURE = re.compile(
    r"(?<![\w.@])(?:\d[\d,]*(?:\.\d+)?(?:×|\s?(?:%|ms|µs|req/s|fps))"
    r"|\d+\.\d+\s?(?:s|B|KB|MB|GB|KiB|MiB|GiB|bytes)"
    r"|\d{1,3}(?:,\d{3})+\s?(?:B|bytes|KB|MB))(?![\w/])")
BOUND = re.compile(r"(?:at least|at most|below|above|up to|under|over|≥|≤|<|>)\s*$")
COMMIT = re.compile(r"\b[0-9a-f]{7,40}\b")
COMMAND = re.compile(
    r"`[^`]*(?:bench/|scripts/|Tests/|\.ci/|swift |python3 |bash |curl |wrk |gradient-bench|gradient )[^`]*`")


def source(path):
    return (ROOT / path).read_text(encoding="utf-8")


# Defaults written with a unit, and the code that sets each.
PARAMETERS = {
    "every 200 ms": lambda: ".milliseconds(200)" in source("Sources/GradientService/AccessLogConfiguration.swift"),
    "the raw pixels plus 1 %": lambda: "raw + raw / 100 + 4096" in source("Sources/GradientImage/ImageIdentity.swift"),
}


def names_commit(text):
    return any(re.search(r"[a-f]", found) for found in COMMIT.findall(text))


def unvouched(path):
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    sections = []  # [heading level, names a commit, names a command]
    for block in re.split(r"\n\s*\n", text):
        if block.startswith("#"):
            level = len(block) - len(block.lstrip("#"))
            while sections and sections[-1][0] >= level:
                sections.pop()
            sections.append([level, names_commit(block), bool(COMMAND.search(block))])
            continue
        if not sections:
            sections.append([0, False, False])
        sections[-1][1] |= names_commit(block)
        sections[-1][2] |= bool(COMMAND.search(block))
        if any(s[1] for s in sections) and any(s[2] for s in sections):
            continue
        prose = re.sub(r"\]\([^)]*\)", "]", re.sub(r"`[^`]*`", "", block))
        for statement in PARAMETERS:
            prose = prose.replace(statement, "")
        for match in MEASURE.finditer(prose):
            if not BOUND.search(prose[: match.start()]):
                yield match.group(0), " ".join(block.split())[:100]


def main():
    failures = 0
    for statement, holds in PARAMETERS.items():
        if not holds():
            print(f"PARAMETERS: {statement!r} no longer matches the code that sets it")
            failures += 1
    for path in sorted((ROOT / "docs").glob("*.md")):
        if path.name == "API.md":
            continue
        for figure, paragraph in unvouched(path):
            print(f"{path.relative_to(ROOT)}: {figure!r} has no commit and command in its section: {paragraph}…")
            failures += 1
    if failures:
        print(f"{failures} figure(s) unvouched: give the paragraph (or its section) the commit and the command that "
              "made them, or move them to bench/README.md")
        return 1
    print("docs/: every measured figure carries its commit and command")
    return 0


if __name__ == "__main__":
    sys.exit(main())
