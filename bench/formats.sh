#!/usr/bin/env bash
# Bytes and encode time per format: PNG, WebP and AVIF through gradientd's own path at the standard settings,
# against Pillow's lossless WebP (its defaults, and method 6 quality 100) and Pillow's AVIF (its defaults, 8-bit) on
# the same pixels, in one run; corpus presets at the five corpus shapes, then the seven saturated workloads.
# Exits 1 when a target is missed (see bench/codec_peers.py). Run on demand (not part of CI):
#   bash bench/formats.sh [DIR] [gradient-bench options, e.g. --limit 8 --radial-limit 3 --skip-workloads]
set -euo pipefail
cd "$(dirname "$0")/.."
directory=/tmp/gradientd-formats
if [ $# -gt 0 ] && [[ "$1" != --* ]]; then directory=$1; shift; fi
python3 -c 'import PIL, numpy' 2>/dev/null || python3 -m pip install -q Pillow numpy
python3 -c 'from PIL import features; assert features.check("avif") and features.check("webp")' \
    || { echo "bench/formats.sh: this Pillow lacks WebP or AVIF (Pillow 11.3 or later has both)" >&2; exit 2; }
swift build -c release --product gradient-bench >/dev/null
bench=$(swift build -c release --show-bin-path)/gradient-bench
rm -rf "$directory"
echo "# $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg): bash bench/formats.sh $*"
"$bench" --codec-sweep bench/data/uigradients.json --formats --write-dir "$directory" "$@"
python3 -u bench/codec_peers.py "$directory" --markdown
