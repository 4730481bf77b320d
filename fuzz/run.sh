#!/usr/bin/env bash
# Builds and runs every libFuzzer target for a bounded time, starting from its checked-in corpus.
# A crash fails the run; its input is copied into fuzz/corpus/<target>/ so that it becomes a regression case
# (the corpora are replayed by `swift test`). Usage: bash fuzz/run.sh [SECONDS_PER_TARGET]   (default 60)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
targets=(http spec color css png png-palette)
bash fuzz/build.sh "${targets[@]}"
status=0
for target in "${targets[@]}"; do
    work=$(mktemp -d)
    echo "fuzzing $target for ${seconds}s"
    set +e
    SWIFT_BACKTRACE=enable=no .build/fuzz/"$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -malloc_limit_mb=1024 -print_final_stats=1 -artifact_prefix="$work/" "$work" "fuzz/corpus/$target" \
        >"$work/log" 2>&1
    result=$?
    set -e
    grep -E '^(Done|stat::number_of_executed_units)' "$work/log" || true
    if [ "$result" -ne 0 ]; then
        status=1
        tail -n 40 "$work/log"
        for artifact in "$work"/crash-* "$work"/timeout-* "$work"/oom-* "$work"/leak-*; do
            [ -e "$artifact" ] || continue
            cp "$artifact" "fuzz/corpus/$target/regression-$(basename "$artifact")"
            echo "fuzz: $target failed on $(basename "$artifact"), kept as fuzz/corpus/$target/regression-$(basename "$artifact")"
        done
    fi
    rm -rf "$work"
done
[ "$status" -eq 0 ] && echo "fuzz: all targets ran ${seconds}s without a failure"
exit "$status"
