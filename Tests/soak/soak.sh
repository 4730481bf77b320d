#!/usr/bin/env bash
# Soak test: a release gradientd with an 8 MiB cache under wrk on loopback for --seconds (default 300) with the
# request mix of mix.lua, then SIGTERM while wrk and four large renders are in flight.
# Checks: only 200/304/400 statuses and no socket errors; RSS at the end within 5% of the settled RSS, the peak
# between the warm-up (the first fifth of the run, at least 5 s) and the middle of the run: the heap settles over the
# first minute and moves by about 1 MiB either way after, where a leak grows through the second half (at 10,000
# requests a second for 90 s, 5% of 58 MiB is one 32-byte block leaked in every 10 requests); the descriptor count
# back to its start; the cache-bytes gauge, polled every
# second, never above the budget; every in-flight render delivered whole after SIGTERM and exit status 0 within
# the drain deadline. Prints the figures and "N passed, M failed"; exits 1 on any failure.
# Usage: bash Tests/soak/soak.sh [--seconds N]
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

seconds=300
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds=$2; shift 2 ;;
        --seconds=*) seconds=${1#--seconds=}; shift ;;
        *) echo "usage: $0 [--seconds N]" >&2; exit 2 ;;
    esac
done
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 10 ]; then
    echo "--seconds must be an integer of at least 10" >&2
    exit 2
fi

cache_bytes=$((8 * 1024 * 1024))
drain_deadline=10
connections=32
warmup=$((seconds / 5 > 5 ? seconds / 5 : 5))

if ! command -v wrk >/dev/null; then
    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q wrk
fi
swift build -c release --product gradientd
binary="$(swift build -c release --show-bin-path)/gradientd"

work=$(mktemp -d)
server_pid=""
sampler_pid=""
cleanup() {
    [ -n "$sampler_pid" ] && kill "$sampler_pid" 2>/dev/null || true
    [ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

passed=0
failed=0
check() {
    local name=$1 ok=$2 detail=$3
    if [ "$ok" = 1 ]; then
        passed=$((passed + 1))
        echo "PASS $name — $detail"
    else
        failed=$((failed + 1))
        echo "FAIL $name — $detail"
    fi
}

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
"$binary" --host 127.0.0.1 --port "$port" --cache-bytes "$cache_bytes" >/dev/null 2>"$work/stderr" &
server_pid=$!
for _ in $(seq 100); do
    curl -fsS -o /dev/null "$base/healthz" 2>/dev/null && break
    sleep 0.1
done
curl -fsS -o /dev/null "$base/healthz"

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status"; }
fd_count() { find "/proc/$server_pid/fd" -mindepth 1 -maxdepth 1 | wc -l; }
gauge() { curl -fsS --max-time 5 "$base/metrics" | awk -v name="$1" '$1 == name { print $2 }'; }

fd_start=$(fd_count)
echo "gradientd pid $server_pid on port $port: cache budget $cache_bytes bytes," \
    "$fd_start descriptors, RSS $(rss_kib) KiB"
echo "wrk: 2 threads, $connections connections, ${seconds}s; warm-up ${warmup}s"

# One line a second while the load runs: elapsed seconds, RSS KiB, descriptors, cache bytes.
(
    for second in $(seq "$seconds"); do
        sleep 1
        echo "$second $(rss_kib) $(fd_count) $(gauge gradientd_cache_bytes)"
    done
) >"$work/samples" &
sampler_pid=$!

wrk -t2 -c"$connections" -d"${seconds}s" --timeout 5s -s Tests/soak/mix.lua "$base" >"$work/wrk" 2>&1
wait "$sampler_pid" || true
sampler_pid=""
cat "$work/wrk"

result=$(grep '^soak-result' "$work/wrk" || true)
field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$result"; }
if [ -z "$result" ]; then
    check "wrk ran and reported" 0 "no soak-result line"
else
    requests=$(field requests)
    rate=$(awk -v r="$requests" -v s="$(field seconds)" 'BEGIN { printf "%.0f", r / s }')
    statuses="200: $(field s200), 304: $(field s304), 400: $(field s400), other: $(field other)"
    errors=$(($(field connect) + $(field read) + $(field write) + $(field timeout)))
    curl -fsS --max-time 5 "$base/metrics" >"$work/metrics"
    slow_server=$(awk '$1 == "gradientd_request_duration_seconds_bucket{le=\"1.0\"}" { fast = $2 }
        $1 == "gradientd_request_duration_seconds_count" { all = $2 } END { print all - fast }' "$work/metrics")
    check "only 200/304/400 statuses" "$([ "$(field other)" = 0 ] && echo 1 || echo 0)" \
        "$requests requests, $rate req/s; $statuses"
    socket_errors="connect $(field connect), read $(field read), write $(field write), timeout $(field timeout)"
    latency="p50 $(field p50_ms) ms, p99 $(field p99_ms) ms, max $(field max_ms) ms"
    check "no socket errors or timeouts" "$([ "$errors" = 0 ] && echo 1 || echo 0)" \
        "$socket_errors; latency $latency; $slow_server requests took over 1 s inside gradientd"
fi

rss_settled=$(awk -v w="$warmup" -v h=$((seconds / 2)) '$1 >= w && $1 <= h && $2 > m { m = $2 } END { print m }' \
    "$work/samples")
rss_end=$(tail -n 1 "$work/samples" | awk '{ print $2 }')
rss_max=$(awk 'BEGIN { m = 0 } $2 > m { m = $2 } END { print m }' "$work/samples")
every_tenth='$1 % int(n / 10 > 1 ? n / 10 : 1) == 0 { printf "%s%ss %s", sep, $1, $2; sep = ", " }'
rss_trace=$(awk -v n="$seconds" "$every_tenth" "$work/samples")
echo "RSS KiB over the run: $rss_trace"
growth=$(awk -v a="$rss_settled" -v b="$rss_end" 'BEGIN { printf "%.2f", (b - a) * 100 / a }')
check "RSS through the second half grows by less than 5%" "$(awk -v g="$growth" 'BEGIN { print (g < 5) ? 1 : 0 }')" \
    "settled ${rss_settled} KiB (peak ${warmup}-$((seconds / 2))s) → ${rss_end} KiB at the end (${growth}%), peak ${rss_max} KiB"

cache_max=$(awk 'BEGIN { m = 0 } $4 > m { m = $4 } END { print m }' "$work/samples")
samples=$(awk '$4 != "" { n++ } END { print n + 0 }' "$work/samples")
check "cache bytes never above the budget" \
    "$([ "$samples" -gt 0 ] && [ "$cache_max" -le "$cache_bytes" ] && echo 1 || echo 0)" \
    "peak $cache_max of $cache_bytes bytes over $samples samples; evictions $(gauge gradientd_cache_evictions_total)"

fd_end=$(fd_count)
for _ in $(seq 50); do
    [ "$fd_end" -eq "$fd_start" ] && break
    sleep 0.1
    fd_end=$(fd_count)
done
fd_peak=$(awk 'BEGIN { m = 0 } $3 > m { m = $3 } END { print m }' "$work/samples")
check "descriptor count back to its start" "$([ "$fd_end" -eq "$fd_start" ] && echo 1 || echo 0)" \
    "$fd_start → $fd_end (peak during load $fd_peak)"

# Graceful stop: SIGTERM with wrk running and four 2048×2048 renders streaming.
wrk -t2 -c"$connections" -d8s --timeout 5s -s Tests/soak/mix.lua "$base" >"$work/wrk-stop" 2>&1 &
wrk_pid=$!
sleep 2
render_pids=()
for index in 1 2 3 4; do
    curl -fsS --max-time 30 -o "$work/render-$index.png" \
        "$base/gradient?type=conic&colors=red,%23$(printf '%06x' $((RANDOM * 4 + index))),blue&width=2048&height=2048" &
    render_pids+=($!)
done
sleep 0.3
kill -TERM "$server_pid"
stop_started=$(date +%s.%N)
status=""
for _ in $(seq $(((drain_deadline + 5) * 10))); do
    if ! kill -0 "$server_pid" 2>/dev/null; then
        break
    fi
    sleep 0.1
done
set +e
wait "$server_pid"
status=$?
set -e
server_pid=""
stop_seconds=$(awk -v a="$stop_started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
in_time=$(awk -v s="$stop_seconds" -v d="$drain_deadline" 'BEGIN { print (s <= d + 1) ? 1 : 0 }')
check "SIGTERM under load: exit status 0 within the ${drain_deadline}s drain deadline" \
    "$([ "$status" = 0 ] && [ "$in_time" = 1 ] && echo 1 || echo 0)" "status $status after ${stop_seconds}s"
whole=0
for index in 1 2 3 4; do
    if wait "${render_pids[$((index - 1))]}" &&
        [ "$(tail -c 8 "$work/render-$index.png" | od -An -tx1 | tr -d ' \n')" = "49454e44ae426082" ]; then
        whole=$((whole + 1))
    fi
done
check "renders in flight at SIGTERM delivered whole" "$([ "$whole" = 4 ] && echo 1 || echo 0)" \
    "$whole of 4 complete PNGs"
wait "$wrk_pid" || true
stop_result=$(grep '^soak-result' "$work/wrk-stop" || true)
other_stop=$(sed -n 's/.* other=\([0-9]*\).*/\1/p' <<<"$stop_result")
check "no unexpected status while draining" "$([ "${other_stop:-x}" = 0 ] && echo 1 || echo 0)" \
    "${stop_result#soak-result }"
if grep -qE 'Fatal error|Sanitizer|Segmentation' "$work/stderr"; then
    check "no crash report on standard error" 0 "$(head -n 5 "$work/stderr")"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
