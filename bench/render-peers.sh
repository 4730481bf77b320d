#!/usr/bin/env bash
# Renders the benchmark workloads (pycairo, ImageMagick) and the preset corpus (skia-python, Pillow optimize) with
# gradientd's engine and its peers in one run, and the 1080p workloads against skia-python; prints the ratios and
# exits 1 when a target is missed.
# Run on demand (not part of CI): bash bench/render-peers.sh [--iterations N] [--corpus PATH] [--limit N]
#   [--pillow-limit N] [--corpus-iterations N] [--shape NAME]... [--skip-workloads] [--skip-corpus]
#   [--workload NAME]... [--skia-rounds N] [--skia-iterations N]   (see bench/render_peers.py)
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ " $* " != *" --skip-workloads "* ]]; then
    missing=()
    command -v /usr/bin/convert >/dev/null 2>&1 || missing+=(imagemagick)
    dpkg -s libcairo2-dev >/dev/null 2>&1 || missing+=(libcairo2-dev pkg-config)
    if [ ${#missing[@]} -gt 0 ]; then apt-get update -q && apt-get install -y -q "${missing[@]}"; fi
    python3 -c 'import cairo' 2>/dev/null || python3 -m pip install -q pycairo
fi
python3 -c 'import skia' 2>/dev/null || python3 -m pip install -q skia-python
python3 -c 'import PIL, numpy' 2>/dev/null || python3 -m pip install -q Pillow numpy
swift build -c release --product gradient >/dev/null
swift build -c release --product gradient-bench >/dev/null
echo "# $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg): bash bench/render-peers.sh $*"
python3 -u bench/render_peers.py "$@"
