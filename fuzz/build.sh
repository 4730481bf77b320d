#!/usr/bin/env bash
# Builds the libFuzzer targets: each is its module's sources compiled together with the target's main.swift,
# with -sanitize=fuzzer,address. Usage: bash fuzz/build.sh [TARGET...]  (targets: http spec color css)
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(http spec color css)
for target in "${targets[@]}"; do
    case "$target" in
        http) module=HTTPCore; extra=(-I Sources/CEpoll) ;;
        spec | color | css) module=GradientCore; extra=() ;;
        *) echo "unknown fuzz target $target" >&2; exit 2 ;;
    esac
    mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -use-ld=lld -module-name "Fuzz_$target" \
        "${extra[@]}" "fuzz/$target/main.swift" "${sources[@]}" -o "$out/$target"
    echo "built $out/$target"
done
