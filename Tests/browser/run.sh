#!/usr/bin/env bash
# Starts gradientd on a free loopback port, runs the browser tests against it (the playground, then cross-origin use
# from pages on other loopback origins) and stops it again.
# Usage: Tests/browser/run.sh PATH/TO/gradientd
# Needs chromium, chromium-driver and Tests/browser/requirements.txt installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
gradientd=${1:?usage: Tests/browser/run.sh PATH/TO/gradientd}

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log=$(mktemp)
"$gradientd" --host 127.0.0.1 --port "$port" >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -f "$log"' EXIT

for _ in $(seq 1 100); do
    if python3 -c "import urllib.request, sys; urllib.request.urlopen('http://127.0.0.1:$port/healthz', timeout=1)" 2>/dev/null; then
        break
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
        echo "gradientd exited:"; cat "$log"; exit 1
    fi
    sleep 0.1
done

GRADIENTD_URL="http://127.0.0.1:$port" timeout 230 python3 Tests/browser/test_playground.py
GRADIENTD_URL="http://127.0.0.1:$port" timeout 120 python3 Tests/browser/test_cross_origin.py
