#!/usr/bin/env python3
"""Checks (or rewrites) the byte counts of README.md's format table against the bytes the product writes.

The table under "## Formats: PNG, WebP, AVIF, SVG" has one row per query (in backticks) and one column per format
(`format=png`, `format=webp`, `format=avif`); each cell is the size of that query's image in that format, as
`gradient render` writes it (the very bytes the service sends); a WebP cell may add the size with
`compression=smallest` in parentheses (`1,234 B (1,000 B with `compression=smallest`)`). This script renders every
figure with the given `gradient` binary and fails, listing each stale cell, when a figure differs; with `--write` it puts the measured
figures into README.md instead. It is the one source of those figures: CI runs the check, so the README cannot go
on quoting bytes of an older output version.

Usage: scripts/readme-format-table.py --gradient PATH/TO/gradient [--write]
"""

import argparse
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
SECTION = "## Formats: PNG, WebP, AVIF, SVG"
HEADER = re.compile(r"^\|[^|]*\|(?P<formats>(\s*`format=[a-z]+`\s*\|)+)\s*$")
ROW = re.compile(r"^\|(?P<label>[^|`]*`(?P<query>[^`]+)`[^|]*)\|(?P<cells>.*)\|\s*$")
CELL = re.compile(
    r"^\s*(?P<bytes>[0-9][0-9,]*) B(?: \((?P<smallest>[0-9][0-9,]*) B with `compression=smallest`\))?\s*$")
RENDER_TIMEOUT_SECONDS = 300


def rendered_size(gradient, query, directory):
    """The size in bytes of `query` (which names its format) rendered by `gradient`."""
    path = pathlib.Path(directory) / "image"
    subprocess.run([gradient, "render", query, "-o", str(path)], check=True, timeout=RENDER_TIMEOUT_SECONDS)
    return path.stat().st_size


def table_lines(lines):
    """The index of the format table's header line and its format names, from the lines of README.md."""
    start = lines.index(SECTION)
    for index in range(start + 1, len(lines)):
        if lines[index].startswith("## "):
            break
        match = HEADER.match(lines[index])
        if match:
            formats = re.findall(r"`format=([a-z]+)`", match.group("formats"))
            return index, formats
    sys.exit(f"README.md: no table with `format=…` columns under {SECTION!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gradient", required=True, help="the gradient command-line tool to render with")
    parser.add_argument("--write", action="store_true", help="write the measured figures into README.md")
    arguments = parser.parse_args()

    lines = README.read_text(encoding="utf-8").split("\n")
    header_index, formats = table_lines(lines)
    stale = []
    rows = 0
    with tempfile.TemporaryDirectory() as directory:
        index = header_index + 2
        while index < len(lines) and lines[index].startswith("|"):
            match = ROW.match(lines[index])
            if not match:
                sys.exit(f"README.md:{index + 1}: a row of the format table without a query in backticks")
            cells = match.group("cells").split("|")
            if len(cells) != len(formats):
                sys.exit(f"README.md:{index + 1}: {len(cells)} cells for {len(formats)} formats")
            measured_cells = []
            for image_format, cell in zip(formats, cells):
                quoted = CELL.match(cell)
                if not quoted:
                    sys.exit(f"README.md:{index + 1}: cell {cell.strip()!r} is not a byte count like '1,234 B'")
                query = f"{match.group('query')}&format={image_format}"
                figures = [(query, quoted.group("bytes"))]
                if quoted.group("smallest"):
                    figures.append((query + "&compression=smallest", quoted.group("smallest")))
                measured_figures = []
                for figure_query, quoted_text in figures:
                    quoted_bytes = int(quoted_text.replace(",", ""))
                    measured = rendered_size(arguments.gradient, figure_query, directory)
                    if measured != quoted_bytes:
                        stale.append(f"README.md:{index + 1}: {figure_query}: the README says {quoted_bytes:,} B, "
                                     f"gradient render writes {measured:,} B")
                    measured_figures.append(measured)
                text = f" {measured_figures[0]:,} B"
                if len(measured_figures) > 1:
                    text += f" ({measured_figures[1]:,} B with `compression=smallest`)"
                measured_cells.append(text + " ")
            lines[index] = f"|{match.group('label')}|" + "|".join(measured_cells) + "|"
            rows += 1
            index += 1
    if rows == 0:
        sys.exit("README.md: the format table has no rows")
    if arguments.write:
        README.write_text("\n".join(lines), encoding="utf-8")
        print(f"README.md: format table rewritten ({rows} rows, {len(stale)} cells changed)")
        return
    for line in stale:
        print(line)
    if stale:
        sys.exit(f"{len(stale)} stale figures in README.md's format table; rerun with --write to update them")
    print(f"README.md's format table: {rows} rows × {len(formats)} formats match the bytes gradient render writes")


if __name__ == "__main__":
    main()
