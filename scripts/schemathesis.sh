#!/usr/bin/env bash
# Checks gradientd against its OpenAPI document: validates openapi.yaml (that the copy embedded into the service is
# the same file, and that /gradient.css's query schema is /gradient's less what CSS cannot draw), starts the given
# gradientd on a free loopback port, runs schemathesis with every check once per seed (1 to 5, 200 examples per
# operation) against the document the service serves, stops gradientd and fails on any schemathesis failure.
#
# `--checks all` enables every built-in check, positive_data_acceptance (ST202, "schema-valid request rejected": a
# request openapi.yaml admits answered 4xx) among them, with its default expected statuses on every operation:
# /gradient.css takes `GradientCSSQuery`, which leaves out what CSS cannot draw, so its documented 422 answers only
# queries outside that schema (scripts/openapi-css-query.py holds it to `GradientQuery` less exactly those). Nothing
# disables a check. The data-generation-speed health check is suppressed: it measures how fast this machine draws
# values from the document's patterns, not the service, and on a busy host it stops a seed before any request is
# sent.
#
# SCHEMATHESIS_LIMITS=default runs gradientd with its default limits, as a user starts it: a sequential client such
# as schemathesis must never see a 5xx there (whole-frame renders wait for frame memory, and a HEAD of a WebP or AVIF
# miss holds none). SCHEMATHESIS_LIMITS=raised (the default) gives it a render queue and frame-memory budget no
# client fills, so that the checks see every answer the service gives when it has room.
#
# openapi.yaml states the pixel budget (round(width × scale) × round(height × scale)) as boxes per format and range of
# scale (`SizeBudget`), a subset of the exact rule, which JSON Schema cannot write. scripts/schemathesis_pixel_budget.py
# holds the service to the exact rule on every /gradient response (check pixel_budget_follows_api), and drops a
# "schema-violating request accepted" report only for a request that breaks nothing but `SizeBudget` (within the
# exact budget) or the patterns of `colors`, `base` and `css`, judged on the parameters the request carried (a drawn
# property whose value, an empty array, serialises to nothing is no part of it). Those patterns state a regular
# subset of API.md's CSS syntax, which no regular expression can state: every value they admit is one the service
# reads, so a client generated from openapi.yaml is never refused, and the service reads more. Values are drawn from
# openapi.yaml alone, as such a client would send them (no generator of ours), so every schema-valid request the
# service refuses fails the run. scripts/schemathesis_hooks.py loads that module through SCHEMATHESIS_HOOKS.
#
# Usage: scripts/schemathesis.sh PATH/TO/gradientd
# Environment: SCHEMATHESIS_MAX_EXAMPLES (default 200), SCHEMATHESIS_SEEDS (default "1 2 3 4 5"),
# SCHEMATHESIS_LIMITS (raised or default; default raised).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 PATH/TO/gradientd" >&2
    exit 2
fi
gradientd=$1
max_examples=${SCHEMATHESIS_MAX_EXAMPLES:-200}
seeds=${SCHEMATHESIS_SEEDS:-1 2 3 4 5}
case ${SCHEMATHESIS_LIMITS:-raised} in
raised) limits=(--render-queue 100000 --frame-memory 1024G) ;;
default) limits=() ;;
*)
    echo "SCHEMATHESIS_LIMITS must be raised or default" >&2
    exit 2
    ;;
esac
schemathesis_version=4.32.5
validator_version=0.9.0

export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
installed() { python3 -m pip show "$1" 2>/dev/null | grep -qx "Version: $2"; }
installed schemathesis "$schemathesis_version" || python3 -m pip install -q "schemathesis==$schemathesis_version"
installed openapi-spec-validator "$validator_version" ||
    python3 -m pip install -q "openapi-spec-validator==$validator_version"

# The service embeds Sources/GradientService/openapi.yaml, a link to the repository file; both must be one document.
cmp openapi.yaml Sources/GradientService/openapi.yaml
python3 -m openapi_spec_validator openapi.yaml
python3 scripts/openapi-css-query.py openapi.yaml

work=$(mktemp -d)
pid=
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 1 100); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# Port 0: the kernel picks a free port, which gradientd reports in its first log line.
"$gradientd" --host 127.0.0.1 --port 0 "${limits[@]}" >"$work/gradientd.log" 2>&1 &
pid=$!
base=
for _ in $(seq 1 100); do
    base=$(grep -o -m1 'listening on http://127\.0\.0\.1:[0-9]*' "$work/gradientd.log" | sed 's/^listening on //' || true)
    [ -n "$base" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
done
if [ -z "$base" ]; then
    echo "gradientd did not start:" >&2
    cat "$work/gradientd.log" >&2
    exit 1
fi
python3 - "$base/healthz" <<'EOF'
import sys, time, urllib.request
deadline = time.monotonic() + 10
while True:
    try:
        with urllib.request.urlopen(sys.argv[1], timeout=2) as response:
            if response.status == 200:
                break
    except OSError:
        pass
    if time.monotonic() > deadline:
        sys.exit(f"{sys.argv[1]} did not answer 200 within 10 s")
    time.sleep(0.1)
EOF
echo "gradientd (pid $pid) at $base"

# Loaded from its own URL, schemathesis leaves out the operation that serves the document (GET /openapi.yaml), so
# it reads the served bytes from a file instead, after checking that they are the repository's openapi.yaml.
python3 - "$base/openapi.yaml" "$work/openapi.yaml" <<'EOF'
import sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=10) as response:
    content_type = response.headers.get("Content-Type")
    served = response.read()
if content_type != "application/yaml":
    sys.exit(f"/openapi.yaml is served as {content_type!r}, not application/yaml")
if served != open("openapi.yaml", "rb").read():
    sys.exit("/openapi.yaml serves other bytes than the repository's openapi.yaml")
open(sys.argv[2], "wb").write(served)
EOF

# No example database: every run generates exactly what the seed gives. Run in the scratch folder, where
# schemathesis keeps its cache.
hooks=$PWD/scripts/schemathesis_hooks.py
status=0
failed_seeds=
for seed in $seeds; do
    echo "== schemathesis, seed $seed"
    seed_status=0
    (
        cd "$work"
        SCHEMATHESIS_HOOKS="$hooks" schemathesis run "$work/openapi.yaml" --url "$base" \
            --checks all \
            --seed "$seed" \
            --max-examples "$max_examples" \
            --generation-database none \
            --suppress-health-check too_slow \
            --request-timeout 120 \
            --no-color
    ) || seed_status=$?
    if [ "$seed_status" -ne 0 ]; then
        status=$seed_status
        failed_seeds="$failed_seeds $seed"
    fi
done
if [ "$status" -ne 0 ]; then
    echo "schemathesis failed for seed(s)$failed_seeds; the last lines of gradientd's log:" >&2
    tail -n 20 "$work/gradientd.log" >&2
fi
exit "$status"
