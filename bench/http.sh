#!/usr/bin/env bash
# HTTP benchmark of gradientd against nginx serving the same PNG bytes as static files, in the same run, on
# loopback only. Needs wrk, nginx and curl (apt install wrk nginx curl) and a release build:
#   swift build -c release --product gradientd && swift build -c release --product gradient-bench && bench/http.sh
# (one --product a command: given two, swift build builds only the last).
# Environment: DURATION (seconds per wrk run, default 10), MIXED_DURATION (default 60),
# SECTIONS (any of "many-hits hits cards svg misses idle memory", default all of them), QUERY (the cached image for
# the one-URL hit runs, default a 1200×630 social card without dither: a few KB; add &dither=on for a 377 KB
# dithered one, where both servers are bound by copying the body through loopback), LOG_FORMAT (gradientd's
# --log-format in the hit runs, default text), REPEAT (rounds of the many-URL comparison, default 3),
# NGINX_WORKERS (nginx's worker_processes, default one per core), EVENT_LOOPS (gradientd's --event-loops, default
# NGINX_WORKERS: each server serves with as many threads as the other) and WRK_THREADS (wrk's -t in the many-URL
# comparison, default 2): NGINX_WORKERS=1 WRK_THREADS=1 is the one-worker set-up.
# Exits 1 when a checked target is missed: many-URL hits below 1.0× nginx at any concurrency (the median ratio over
# the rounds, each round running both servers back to back); unique-card misses below 300 requests/s or above
# 150 ms at p99; unique SVG cards below 5,000 requests/s or above 1 ms of render (document writing) on average. Exits 1 too when a run cannot be trusted:
#   - any wrk run (every section, both servers) prints a "Non-2xx or 3xx responses" or "Socket errors" line (wrk
#     prints them only for non-zero counts), or no "Requests/sec" line (wrk failed);
#   - in the unique sections (cards: bench/unique-cards.lua; misses: bench/unique-misses.lua, each dither setting),
#     gradientd_cache_hits_total grew between the /metrics read before the wrk run and the one after it (every
#     request must miss the cache), or the renders read from gradientd_renders_total{format=…,outcome="succeeded"}
#     (summed over formats) are missing or zero;
#   - gradientd_log_lines_dropped_total (access-log lines dropped because standard output, here a file, was not
#     taking them) is missing or non-zero when a section stops gradientd. The dropped count is the service's own;
#     the log file's lines are not counted against wrk's requests (wrk's count leaves out requests cut at the end of
#     its run, and the log's last lines may still be buffered when it is read).
set -euo pipefail

cd "$(dirname "$0")/.."
DURATION=${DURATION:-10}
MIXED_DURATION=${MIXED_DURATION:-60}
SECTIONS=${SECTIONS:-many-hits hits cards svg misses idle memory}
LOG_FORMAT=${LOG_FORMAT:-text}
REPEAT=${REPEAT:-3}
NGINX_WORKERS=${NGINX_WORKERS:-$(nproc)}
EVENT_LOOPS=${EVENT_LOOPS:-$NGINX_WORKERS}
WRK_THREADS=${WRK_THREADS:-2}
MANY_URL_SHAPES=("-t$WRK_THREADS -c16" "-t$WRK_THREADS -c64" "-t$WRK_THREADS -c256")
BIN=.build/release/gradientd
BENCH_BIN=.build/release/gradient-bench
WORK=$(mktemp -d /tmp/gradientd-http-bench.XXXXXX)
chmod 755 "$WORK"
QUERY=${QUERY:-'colors=ff7e5f,feb47b&dir=horizontal&width=1200&height=630&dither=off'}
PIDS=()
FAILED=()

cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Starts gradientd with extra flags; sets GD_PID and GD_PORT. Standard output (the access log) goes to a file.
start_gradientd() {
  "$BIN" --host 127.0.0.1 --port 0 --event-loops "$EVENT_LOOPS" "$@" > "$WORK/gradientd.log" 2>&1 &
  GD_PID=$!
  PIDS+=("$GD_PID")
  for _ in $(seq 1 100); do
    GD_PORT=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$WORK/gradientd.log" | grep -o '[0-9]*$' || true)
    [ -n "$GD_PORT" ] && return 0
    sleep 0.05
  done
  echo "gradientd did not start" >&2
  exit 1
}

# Stops gradientd after checking on /metrics that its access log dropped no line during section $1.
stop_gradientd() {
  local dropped
  dropped=$(metric_sum "$(curl -sf "http://127.0.0.1:$GD_PORT/metrics" || true)" 'gradientd_log_lines_dropped_total ')
  if [ -z "$dropped" ]; then
    FAILED+=("$1: no gradientd_log_lines_dropped_total on /metrics: cannot tell whether the access log dropped lines")
  elif [ "$dropped" != 0 ]; then
    FAILED+=("$1: gradientd dropped $dropped access-log line(s) (gradientd_log_lines_dropped_total; must be 0)")
  fi
  kill -TERM "$GD_PID"
  wait "$GD_PID" || true
}

# The sum of the samples of the /metrics lines (text $1) whose name and labels match the extended regex $2 from the
# start of the line; empty when no line matches.
metric_sum() {
  printf '%s\n' "$1" | awk -v pattern="^$2" '$0 ~ pattern {sum += $NF; found = 1} END {if (found) printf "%d\n", sum}'
}

# For a section of unique requests, from /metrics read before ($2) and after ($3) its wrk run: sets HITS (cache hits)
# and RENDERS (succeeded renders, every format) during it, and adds a failure for section $1 when a hit was counted
# (every request must miss the cache: otherwise the "misses" figures are partly hits) or when the renders read as
# missing or zero (renders must have happened).
unique_section_counts() {
  local label=$1 before=$2 after=$3 hits_before hits_after renders_before renders_after
  local renders_pattern='gradientd_renders_total[{][^}]*outcome="succeeded"'
  hits_before=$(metric_sum "$before" 'gradientd_cache_hits_total ')
  hits_after=$(metric_sum "$after" 'gradientd_cache_hits_total ')
  renders_before=$(metric_sum "$before" "$renders_pattern")
  renders_after=$(metric_sum "$after" "$renders_pattern")
  if [ -z "$hits_before" ] || [ -z "$hits_after" ]; then
    HITS="?"
    FAILED+=("$label: no gradientd_cache_hits_total on /metrics: cannot tell whether the requests missed the cache")
  else
    HITS=$((hits_after - hits_before))
    [ "$HITS" -eq 0 ] || FAILED+=("$label: $HITS cache hit(s) during the section (must be 0: unique requests miss)")
  fi
  if [ -z "$renders_before" ] || [ -z "$renders_after" ]; then
    RENDERS="?"
    FAILED+=("$label: no gradientd_renders_total{…outcome=\"succeeded\"} on /metrics: the renders column would be empty")
  else
    RENDERS=$((renders_after - renders_before))
    [ "$RENDERS" -gt 0 ] || FAILED+=("$label: $RENDERS succeeded renders read from gradientd_renders_total (must be > 0)")
  fi
}

# Starts nginx on $WORK/www: $NGINX_WORKERS workers (one per core unless set), sendfile, unlimited keep-alive,
# open_file_cache; /gradient is answered from the file many/<colors parameter>.png. With "log", every request is
# logged to $WORK/nginx-access.log (combined format, buffered like gradientd's log: 64 KiB, flushed at least every second);
# otherwise access_log is off. Sets NGINX_PID and NGINX_PORT.
start_nginx() {
  local access_log="access_log off;"
  [ "${1:-}" = log ] && access_log="access_log $WORK/nginx-access.log combined buffer=64k flush=1s;"
  NGINX_PORT=$(free_port)
  cat > "$WORK/nginx.conf" <<CONF
worker_processes $NGINX_WORKERS;
daemon off;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 4096; }
http {
  $access_log
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000000;
  keepalive_timeout 60s;
  open_file_cache max=4096;
  client_body_temp_path $WORK/nginx-body;
  proxy_temp_path $WORK/nginx-proxy;
  fastcgi_temp_path $WORK/nginx-fastcgi;
  uwsgi_temp_path $WORK/nginx-uwsgi;
  scgi_temp_path $WORK/nginx-scgi;
  types { image/png png; }
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $WORK/www;
    location = /gradient {
      default_type image/png;
      try_files /many/\$arg_colors.png =404;
    }
  }
}
CONF
  nginx -c "$WORK/nginx.conf" -p "$WORK" &
  NGINX_PID=$!
  PIDS+=("$NGINX_PID")
  for _ in $(seq 1 100); do
    curl -s -o /dev/null "http://127.0.0.1:$NGINX_PORT/" && return 0
    sleep 0.05
  done
  echo "nginx did not start" >&2
  exit 1
}

stop_nginx() {
  kill "$NGINX_PID"
  wait "$NGINX_PID" 2>/dev/null || true
}

# The problems in wrk's output (standard input), one line each: its "Non-2xx or 3xx responses: N" and "Socket
# errors: connect A, read B, write C, timeout D" lines (wrk prints them only when a count is non-zero), and a missing
# "Requests/sec" line (wrk failed). Nothing when the run is clean.
wrk_problems() {
  awk '
    /Non-2xx or 3xx responses:/ { print "non-2xx or 3xx responses: " $NF }
    /Socket errors:/ { line = $0; sub(/^[ \t]*Socket errors:[ \t]*/, "", line); print "socket errors: " line }
    /Requests\/sec/ { seen = 1 }
    END { if (!seen) print "no Requests/sec line (wrk failed)" }'
}

# Records the problems of one wrk run (label $1, output $2) in $WORK/wrk-failures.txt, which the end of the script
# turns into failures (run_wrk runs inside command substitutions, where FAILED cannot be added to), and prints them
# to standard error at once.
check_wrk() {
  local problems line
  problems=$(printf '%s\n' "$2" | wrk_problems)
  [ -n "$problems" ] || return 0
  while IFS= read -r line; do
    echo "wrk $1: $line" >> "$WORK/wrk-failures.txt"
    echo "WRK ERROR: wrk $1: $line" >&2
  done <<< "$problems"
}

# Runs wrk and prints "requests/s p50 p99 requests" (latencies in ms); records its errors (check_wrk).
run_wrk() {
  local out
  out=$(wrk "$@" --latency 2>&1) || true
  echo "$out" >> "$WORK/wrk.txt"
  check_wrk "$*" "$out"
  local rps p50 p99 count
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  count=$(echo "$out" | awk '/requests in/ {print $1}')
  echo "$rps $(to_ms "$p50") $(to_ms "$p99") $count"
}

# CPU time (user + system, in clock ticks) used so far by every thread of the given processes.
cpu_ticks() {
  local total=0 stat
  for pid in "$@"; do
    for stat in /proc/"$pid"/task/*/stat; do
      total=$((total + $(awk '{print $14 + $15}' "$stat")))
    done
  done
  echo "$total"
}

# Microseconds of CPU per request from a tick difference and a request count.
us_per_request() { python3 -c "print(round(($1) * 1e6 / $(getconf CLK_TCK) / $2, 1))"; }

to_ms() {
  python3 -c 'import re,sys; v=sys.argv[1]; m=re.match(r"([\d.]+)(us|ms|s)$", v); f={"us":0.001,"ms":1,"s":1000}[m.group(2)]; print(round(float(m.group(1))*f, 3))' "$1"
}

# Exits 0 when the Python expression $1 holds.
holds() { python3 -c "import sys; sys.exit(0 if ($1) else 1)"; }

echo "# gradientd HTTP benchmark — $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, wrk $(wrk -v 2>&1 | head -1 | awk '{print $2}'), $(nginx -v 2>&1 | awk '{print $3}'), load $(cut -d' ' -f1-3 /proc/loadavg); nginx $NGINX_WORKERS worker(s), gradientd $EVENT_LOOPS event loop(s)"

wants() { [[ " $SECTIONS " == *" $1 "* ]]; }

# --- cached hits over 1,000 URLs vs nginx -------------------------------------------------------------------------
if wants many-hits; then
start_gradientd --log-format "$LOG_FORMAT"
mkdir -p "$WORK/www/many"
# 1,000 distinct 300×200 gradients (default settings: vertical, dither on), fetched once from gradientd to fill
# its cache and written as nginx's files; the paths go to urls.txt for bench/many-urls.lua.
python3 - "$GD_PORT" "$WORK" <<'PY'
import http.client, sys
port, work = int(sys.argv[1]), sys.argv[2]
connection = http.client.HTTPConnection("127.0.0.1", port)
with open(f"{work}/urls.txt", "w") as urls:
    for index in range(1000):
        colors = f"{(index * 2654435761) % 16777216:06x},{(index * 40503 + 0x123456) % 16777216:06x}"
        path = f"/gradient?colors={colors}&width=300&height=200"
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        assert response.status == 200, (path, response.status)
        with open(f"{work}/www/many/{colors}.png", "wb") as png:
            png.write(body)
        urls.write(path + "\n")
PY
chmod -R a+rX "$WORK/www"
start_nginx log
for path in "$(head -1 "$WORK/urls.txt")" "$(tail -1 "$WORK/urls.txt")"; do
  cmp <(curl -sf "http://127.0.0.1:$NGINX_PORT$path") <(curl -sf "http://127.0.0.1:$GD_PORT$path")
done
entries=$(curl -sf "http://127.0.0.1:$GD_PORT/metrics" | awk '/^gradientd_cache_entries / {print $2}')
echo
echo "## Cached hits over 1,000 URLs (bench/many-urls.lua, keep-alive, ${DURATION}s each, both servers logging)"
echo
echo "1,000 distinct 300×200 gradients (vertical, dither on), $(cat "$WORK"/www/many/*.png | wc -c) bytes in all," \
  "$entries entries in gradientd's cache; gradientd --log-format $LOG_FORMAT to a file, nginx access_log to a file."
echo
echo "| wrk | nginx req/s | gradientd req/s | ratio | nginx p50/p99 ms | gradientd p50/p99 ms | server CPU µs/req, nginx / gradientd |"
echo "|---|---|---|---|---|---|---|"
# shellcheck disable=SC2207
nginx_workers=($(pgrep -P "$NGINX_PID"))
declare -A RATIOS
# Runs one server under bench/many-urls.lua; sets RPS, P50, P99 and CPU (µs of the server's CPU per request).
many_urls_run() {
  local port=$1 shape=$2 before count
  shift 2
  before=$(cpu_ticks "$@")
  # shellcheck disable=SC2086
  read -r RPS P50 P99 count <<< "$(URLS=$WORK/urls.txt run_wrk $shape -d"${DURATION}"s -s bench/many-urls.lua "http://127.0.0.1:$port")"
  CPU=$(us_per_request "$(cpu_ticks "$@") - $before" "$count")
}
for round in $(seq 1 "$REPEAT"); do
  for shape in "${MANY_URL_SHAPES[@]}"; do
    # Odd rounds run nginx first, even rounds gradientd first, so that drift in the machine's load cancels out.
    if (( round % 2 == 1 )); then
      many_urls_run "$NGINX_PORT" "$shape" "${nginx_workers[@]}"
      n_rps=$RPS n_p50=$P50 n_p99=$P99 n_cpu=$CPU
      many_urls_run "$GD_PORT" "$shape" "$GD_PID"
      g_rps=$RPS g_p50=$P50 g_p99=$P99 g_cpu=$CPU
    else
      many_urls_run "$GD_PORT" "$shape" "$GD_PID"
      g_rps=$RPS g_p50=$P50 g_p99=$P99 g_cpu=$CPU
      many_urls_run "$NGINX_PORT" "$shape" "${nginx_workers[@]}"
      n_rps=$RPS n_p50=$P50 n_p99=$P99 n_cpu=$CPU
    fi
    ratio=$(python3 -c "print(round($g_rps / $n_rps, 2))")
    RATIOS[$shape]="${RATIOS[$shape]:-} $ratio"
    echo "| \`wrk $shape -d${DURATION}s --latency -s bench/many-urls.lua\` (round $round) | $n_rps | $g_rps | $ratio | $n_p50 / $n_p99 | $g_p50 / $g_p99 | $n_cpu / $g_cpu |"
  done
done
echo
for shape in "${MANY_URL_SHAPES[@]}"; do
  median=$(python3 -c "import statistics, sys; print(statistics.median(float(r) for r in sys.argv[1:]))" ${RATIOS[$shape]})
  echo "- \`wrk $shape\`: median ratio $median over $REPEAT round(s) (${RATIOS[$shape]# })"
  holds "$median >= 1.0" || FAILED+=("many-URL hits, wrk $shape: median ${median}× nginx over $REPEAT round(s) (target ≥ 1.0×)")
done
gd_lines=$(grep -c ' /gradient?' "$WORK/gradientd.log" || true)
stop_nginx
stop_gradientd "many-URL hits"
echo
echo "Access-log lines: gradientd $gd_lines, nginx $(wc -l < "$WORK/nginx-access.log")."
fi

# --- cached hits on one URL vs nginx ------------------------------------------------------------------------------
if wants hits; then
start_gradientd --log-format "$LOG_FORMAT"
curl -sf "http://127.0.0.1:$GD_PORT/gradient?$QUERY" -o "$WORK/card.png"
mkdir -p "$WORK/www" && cp "$WORK/card.png" "$WORK/www/card.png" && chmod -R a+rX "$WORK/www"
start_nginx
cmp <(curl -sf "http://127.0.0.1:$NGINX_PORT/card.png") "$WORK/card.png"
echo
echo "## Cached hits on one URL (exercises the query memo only; nginx not logging; keep-alive, ${DURATION}s each)"
echo
echo "PNG: $(stat -c %s "$WORK/card.png") bytes, query $QUERY"
echo
echo "| wrk | nginx req/s | gradientd req/s | ratio | nginx p50/p99 ms | gradientd p50/p99 ms |"
echo "|---|---|---|---|---|---|"
for shape in "-t1 -c1" "-t2 -c16" "-t2 -c64" "-t2 -c256"; do
  # shellcheck disable=SC2086
  read -r n_rps n_p50 n_p99 _ <<< "$(run_wrk $shape -d"${DURATION}"s "http://127.0.0.1:$NGINX_PORT/card.png")"
  # shellcheck disable=SC2086
  read -r g_rps g_p50 g_p99 _ <<< "$(run_wrk $shape -d"${DURATION}"s "http://127.0.0.1:$GD_PORT/gradient?$QUERY")"
  ratio=$(python3 -c "print(round($g_rps / $n_rps, 2))")
  echo "| \`wrk $shape -d${DURATION}s --latency\` | $n_rps | $g_rps | $ratio | $n_p50 / $n_p99 | $g_p50 / $g_p99 |"
done
stop_nginx
stop_gradientd "one-URL hits"
fi

# --- misses at scale: unique social cards -------------------------------------------------------------------------
if wants cards; then
echo
echo "## Misses: unique 1200×630 135° cards (bench/unique-cards.lua, default dither)"
echo
start_gradientd
before=$(curl -sf "http://127.0.0.1:$GD_PORT/metrics")
read -r c_rps c_p50 c_p99 _ <<< "$(SALT=$RANDOM run_wrk -t2 -c16 -d"${DURATION}"s -s bench/unique-cards.lua "http://127.0.0.1:$GD_PORT")"
metrics=$(curl -sf "http://127.0.0.1:$GD_PORT/metrics")
unique_section_counts "unique-card misses" "$before" "$metrics"
renders=$RENDERS hits=$HITS
render_sum=$(echo "$metrics" | awk '/^gradientd_render_duration_seconds_sum/ {print $2}')
render_count=$(echo "$metrics" | awk '/^gradientd_render_duration_seconds_count/ {print $2}')
stop_gradientd "unique-card misses"
# The same kind of spec rendered in-process, no HTTP: one process alone, then one per core at once (the two cores
# may share execution units and caches, so the second is the real ceiling for the service's render pool).
card_query="colors=3a7bd5,00d2ff&angle=135&width=1200&height=630"
bench_card() { "$BENCH_BIN" --sequential --iterations 15 --query "$card_query" | awk '$2 == "on" {print $3}'; }
bench_ms=$(bench_card)
cores=$(nproc)
for index in $(seq 1 "$cores"); do bench_card > "$WORK/bench-$index.txt" & done
wait
parallel_ms=$(cat "$WORK"/bench-*.txt | tr '\n' ' ')
parallel_rps=$(python3 -c "import sys; print(round(sum(1000 / float(m) for m in sys.argv[1:]), 1))" $parallel_ms)
echo "| measure | value |"
echo "|---|---:|"
echo "| \`SALT=\$RANDOM wrk -t2 -c16 -d${DURATION}s --latency -s bench/unique-cards.lua\` req/s | $c_rps |"
echo "| p50 / p99 ms | $c_p50 / $c_p99 |"
echo "| renders (cache hits) | $renders ($hits) |"
echo "| mean render+encode inside gradientd, ms | $(python3 -c "print(round(1000 * $render_sum / max($render_count, 1), 1))") |"
echo "| in-process render+encode, one thread alone (\`gradient-bench --sequential --query '$card_query'\`), median ms | $bench_ms |"
echo "| the same, $cores processes at once, median ms each | $parallel_ms|"
echo "| in-process renders/s with $cores at once (sum of 1000 / median) | $parallel_rps |"
echo "| gradientd req/s ÷ in-process renders/s | $(python3 -c "print(round($c_rps / $parallel_rps, 2))") |"
holds "$c_rps >= 300" || FAILED+=("unique-card misses: $c_rps req/s (target ≥ 300)")
holds "$c_p99 <= 150" || FAILED+=("unique-card misses: p99 $c_p99 ms (target ≤ 150 ms)")
fi

# --- unique SVG misses --------------------------------------------------------------------------------------------
if wants svg; then
echo
echo "## SVG misses: unique 1200×630 135° cards as format=svg (FORMAT=svg bench/unique-cards.lua)"
echo
start_gradientd
before=$(curl -sf "http://127.0.0.1:$GD_PORT/metrics")
read -r s_rps s_p50 s_p99 _ <<< "$(FORMAT=svg SALT=$RANDOM run_wrk -t2 -c16 -d"${DURATION}"s -s bench/unique-cards.lua "http://127.0.0.1:$GD_PORT")"
metrics=$(curl -sf "http://127.0.0.1:$GD_PORT/metrics")
unique_section_counts "unique SVG misses" "$before" "$metrics"
svg_sum=$(echo "$metrics" | awk '/^gradientd_render_duration_seconds_sum/ {print $2}')
svg_count=$(echo "$metrics" | awk '/^gradientd_render_duration_seconds_count/ {print $2}')
svg_ms=$(python3 -c "print(round(1000 * $svg_sum / max($svg_count, 1), 3))")
stop_gradientd "unique SVG misses"
echo "| measure | value |"
echo "|---|---:|"
echo "| \`FORMAT=svg SALT=\$RANDOM wrk -t2 -c16 -d${DURATION}s --latency -s bench/unique-cards.lua\` req/s | $s_rps |"
echo "| p50 / p99 ms | $s_p50 / $s_p99 |"
echo "| renders (cache hits) | $RENDERS ($HITS) |"
echo "| mean render (the document written) inside gradientd, ms | $svg_ms |"
holds "$s_rps >= 5000" || FAILED+=("unique SVG misses: $s_rps req/s (target ≥ 5,000)")
holds "$svg_ms <= 1" || FAILED+=("unique SVG misses: a render takes $svg_ms ms on average (target ≤ 1 ms)")
fi

# --- unique misses ------------------------------------------------------------------------------------------------
if wants misses; then
echo
echo "## Misses: unique 256×256 vertical specs (bench/unique-misses.lua)"
for dither in on off; do
  start_gradientd
  before=$(curl -sf "http://127.0.0.1:$GD_PORT/metrics")
  read -r m_rps m_p50 m_p99 _ <<< "$(DITHER=$dither SALT=$RANDOM run_wrk -t2 -c16 -d"${DURATION}"s -s bench/unique-misses.lua "http://127.0.0.1:$GD_PORT")"
  unique_section_counts "unique misses, dither=$dither" "$before" "$(curl -sf "http://127.0.0.1:$GD_PORT/metrics")"
  echo "- dither=$dither: \`DITHER=$dither wrk -t2 -c16 -d${DURATION}s --latency -s bench/unique-misses.lua\`: $m_rps req/s," \
    "p50 $m_p50 ms, p99 $m_p99 ms ($RENDERS renders, $HITS cache hits)"
  stop_gradientd "unique misses, dither=$dither"
done
fi

# --- idle connections ---------------------------------------------------------------------------------------------
if wants idle; then
echo
echo "## 1000 idle connections"
start_gradientd --idle-timeout 120 --header-timeout 120
curl -sf "http://127.0.0.1:$GD_PORT/gradient?$QUERY" -o /dev/null
python3 - "$GD_PORT" <<'PY'
import resource, socket, subprocess, sys, time
port = int(sys.argv[1])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
idle = []
for _ in range(1000):
    s = socket.create_connection(("127.0.0.1", port))
    idle.append(s)
time.sleep(1)
times = []
for _ in range(20):
    start = time.perf_counter()
    fresh = socket.create_connection(("127.0.0.1", port))
    fresh.sendall(b"GET /healthz HTTP/1.1\r\nHost: b\r\nConnection: close\r\n\r\n")
    data = b""
    while True:
        chunk = fresh.recv(65536)
        if not chunk:
            break
        data += chunk
    fresh.close()
    times.append((time.perf_counter() - start) * 1000)
    assert data.startswith(b"HTTP/1.1 200"), data[:40]
times.sort()
metrics = subprocess.run(["curl", "-sf", f"http://127.0.0.1:{port}/metrics"], capture_output=True, text=True).stdout
open_line = [l for l in metrics.splitlines() if l.startswith("gradientd_open_connections ")][0]
print(f"{len(idle)} idle connections open ({open_line}); fresh request with a new connection: "
      f"median {times[len(times)//2]:.2f} ms, max {times[-1]:.2f} ms over {len(times)} requests")
for s in idle:
    s.close()
PY
stop_gradientd "idle connections"
fi

# --- memory under mixed load --------------------------------------------------------------------------------------
if wants memory; then
echo
echo "## RSS after ${MIXED_DURATION}s of mixed load (bench/mixed-load.lua, --cache-bytes 64M)"
start_gradientd --cache-bytes 64M
wrk -t2 -c64 -d"${MIXED_DURATION}"s -s bench/mixed-load.lua "http://127.0.0.1:$GD_PORT" > "$WORK/mixed.txt" 2>&1
check_wrk "-t2 -c64 -d${MIXED_DURATION}s -s bench/mixed-load.lua http://127.0.0.1:$GD_PORT" "$(cat "$WORK/mixed.txt")"
rss_kib=$(awk '/VmRSS/ {print $2}' "/proc/$GD_PID/status")
hwm_kib=$(awk '/VmHWM/ {print $2}' "/proc/$GD_PID/status")
cache_bytes=$(curl -sf "http://127.0.0.1:$GD_PORT/metrics" | awk '/^gradientd_cache_bytes / {print $2}')
evictions=$(curl -sf "http://127.0.0.1:$GD_PORT/metrics" | awk '/^gradientd_cache_evictions_total / {print $2}')
echo "\`wrk -t2 -c64 -d${MIXED_DURATION}s -s bench/mixed-load.lua\`: $(awk '/Requests\/sec/ {print $2}' "$WORK/mixed.txt") req/s;" \
  "RSS $((rss_kib / 1024)) MiB (peak $((hwm_kib / 1024)) MiB), cache $((cache_bytes / 1048576)) MiB," \
  "$evictions evictions; budget 64 MiB + 64 MiB = 128 MiB"
stop_gradientd "memory under mixed load"
fi

if [ -s "$WORK/wrk-failures.txt" ]; then
  while IFS= read -r failure; do FAILED+=("$failure"); done < "$WORK/wrk-failures.txt"
fi
if [ ${#FAILED[@]} -gt 0 ]; then
  echo
  for failure in "${FAILED[@]}"; do echo "TARGET MISSED: $failure"; done
  exit 1
fi
