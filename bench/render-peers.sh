#!/usr/bin/env bash
# Renders the benchmark workloads with gradientd's engine, pycairo and ImageMagick in one run and prints the ratios.
# Run on demand (not part of CI): bash bench/render-peers.sh [--iterations N]
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
command -v /usr/bin/convert >/dev/null 2>&1 || missing+=(imagemagick)
dpkg -s libcairo2-dev >/dev/null 2>&1 || missing+=(libcairo2-dev pkg-config)
if [ ${#missing[@]} -gt 0 ]; then apt-get update -q && apt-get install -y -q "${missing[@]}"; fi
python3 -c 'import cairo' 2>/dev/null || python3 -m pip install -q pycairo
swift build -c release --product gradient >/dev/null
swift build -c release --product gradient-bench >/dev/null
echo "# $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores: bash bench/render-peers.sh $*"
python3 bench/render_peers.py "$@"
