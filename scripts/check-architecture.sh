#!/usr/bin/env bash
# Checks that the "## Modules" table of docs/architecture.md names exactly the modules: one row per directory under
# Sources/ and one per test support target under Tests/Support/ (HTTPTestSupport), each named in backticks in the
# first column, none twice; and that every module scripts/check-layers.sh names (the module and the patterns of its
# `check` lines, and the Sources/ directories it reads) has a row.
set -euo pipefail
cd "$(dirname "$0")/.."
doc=docs/architecture.md
layers=scripts/check-layers.sh
status=0

# First cells of the table rows of the "## Modules" section (up to the next "## " heading), after the header and
# separator rows.
cells=$(awk '
    /^## / { inside = ($0 == "## Modules"); next }
    inside && /^\|/ {
        rows++
        if (rows <= 2) next
        cell = $0
        sub(/^\|[ \t]*/, "", cell)
        sub(/[ \t]*\|.*$/, "", cell)
        print cell
    }
' "$doc")
if [ -z "$cells" ]; then
    echo "architecture: $doc has no table under a heading \"## Modules\""
    exit 1
fi

table=""
while IFS= read -r cell; do
    if [[ "$cell" =~ ^\`([A-Za-z0-9_-]+)\`$ ]]; then
        table+="${BASH_REMATCH[1]}"$'\n'
    else
        echo "architecture: a row of the Modules table does not name one module in backticks: $cell"
        status=1
    fi
done <<<"$cells"
table=$(printf '%s' "$table" | sort)

duplicates=$(printf '%s\n' "$table" | uniq -d)
if [ -n "$duplicates" ]; then
    echo "architecture: modules with more than one row in the Modules table:"
    printf '  %s\n' $duplicates
    status=1
fi

expected=$(
    for dir in Sources/*/ Tests/Support/*/; do
        if [ -d "$dir" ]; then basename "$dir"; fi
    done | sort -u
)
table_set=$(printf '%s\n' "$table" | sort -u)

missing=$(comm -23 <(printf '%s\n' "$expected") <(printf '%s\n' "$table_set"))
if [ -n "$missing" ]; then
    echo "architecture: modules without a row in the Modules table of $doc:"
    printf '  %s\n' $missing
    status=1
fi
extra=$(comm -13 <(printf '%s\n' "$expected") <(printf '%s\n' "$table_set"))
if [ -n "$extra" ]; then
    echo "architecture: rows of the Modules table that name no directory under Sources/ or Tests/Support/:"
    printf '  %s\n' $extra
    status=1
fi

# Module names in check-layers.sh: the module of each `check` line and the names its quoted import pattern forbids
# (split at `|`; a shell expansion such as the loop's "$(basename ...)" and a regex such as `[A-Za-z_]+` are not
# names and drop out), and each Sources/NAME the script reads directly (Locking).
named=$(
    {
        sed -nE "s/^[[:space:]]*check[[:space:]]+([^']*)'([^']*)'.*/\1|\2/p" "$layers" | tr '| ' '\n\n'
        grep -oE 'Sources/[A-Za-z][A-Za-z0-9_-]*' "$layers" | sed 's|^Sources/||'
    } | grep -E '^[A-Za-z][A-Za-z0-9_-]*$' | sort -u
)
unlisted=$(comm -23 <(printf '%s\n' "$named") <(printf '%s\n' "$table_set"))
if [ -n "$unlisted" ]; then
    echo "architecture: modules named in $layers without a row in the Modules table of $doc:"
    printf '  %s\n' $unlisted
    status=1
fi

[ "$status" -eq 0 ] && echo "architecture: ok"
exit "$status"
