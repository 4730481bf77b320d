#!/usr/bin/env bash
# WebP on grain: the time and bytes of libwebp's efforts on frames with film grain (cwebp, the Debian `webp`
# package, links the same libwebp as gradientd), and of the gradient CLI's `fast` and `smallest` on them.
# Usage: bash bench/webp-grain.sh [PATH/TO/gradient]   (default: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
gradient=${1:-$(swift build -c release --show-bin-path)/gradient}
command -v cwebp >/dev/null || { echo "cwebp missing: apt-get install webp" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
css='css=radial-gradient(circle,%23ff7e5f,%23feb47b,%232b5876)'
seconds() { /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -1; }

echo "| frame | cwebp m0 q50 | m0 q100 | m6 q50 | m6 q100 |"
echo "|---|---:|---:|---:|---:|"
for grain in 0 0.1 1; do
    "$gradient" render "$css&width=2048&height=2048&grain=$grain" -o "$work/frame.png"
    row="| 2048×2048 grain=$grain"
    for setting in "0 50" "0 100" "6 50" "6 100"; do
        set -- $setting
        t=$(seconds cwebp -quiet -lossless -exact -m "$1" -q "$2" "$work/frame.png" -o "$work/out.webp")
        row="$row | $(stat -c %s "$work/out.webp") B, $t s"
    done
    echo "$row |"
done
echo
echo "| query | fast | smallest |"
echo "|---|---:|---:|"
for size in "width=2048&height=2048" "width=4096&height=4096"; do
    for grain in 0.1 1; do
        row="| $size&grain=$grain"
        for compression in fast smallest; do
            t=$(seconds "$gradient" render "$css&$size&grain=$grain&format=webp&compression=$compression" \
                -o "$work/out.webp")
            row="$row | $(stat -c %s "$work/out.webp") B, $t s"
        done
        echo "$row |"
    done
done
