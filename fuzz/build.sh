#!/usr/bin/env bash
# Builds the libFuzzer targets: each is its module's sources compiled together with the target's main.swift,
# with -sanitize=fuzzer,address. Modules it imports (Locking) are built first as their own modules, C sources
# (CPNG) with clang. Usage: bash fuzz/build.sh [TARGET...]  (targets: http spec color css png)
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out/modules"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(http spec color css png)

# Builds Sources/Locking as a module and static library in $out.
build_locking() {
    mapfile -t locking < <(find Sources/Locking -name '*.swift' | sort)
    swiftc -sanitize=address -parse-as-library -O -g -module-name Locking -emit-module \
        -emit-module-path "$out/modules/Locking.swiftmodule" -emit-library -static "${locking[@]}" \
        -o "$out/libLocking.a"
}

for target in "${targets[@]}"; do
    extra_sources=()
    case "$target" in
        http)
            module=HTTPCore
            build_locking
            extra=(-I Sources/CEpoll -I "$out/modules" -L "$out" -lLocking)
            ;;
        spec | color | css) module=GradientCore; extra=() ;;
        png)
            # The encoder with libpng and zlib, and the round-trip check the tests use (Tests/PNGEncodingTests).
            module=PNGEncoding
            mkdir -p "$out/modules/CPNG"
            printf 'module CPNG {\n    header "%s"\n    export *\n}\n' "$PWD/Sources/CPNG/include/cpng.h" \
                >"$out/modules/CPNG/module.modulemap"
            clang -fsanitize=fuzzer-no-link,address -O1 -g -I Sources/CPNG/include $(pkg-config --cflags libpng) \
                -c Sources/CPNG/cpng.c -o "$out/cpng.o"
            extra=(-I "$out/modules/CPNG" -I Sources/CZlib -I Sources/CLibPNG "$out/cpng.o" -lpng16 -lz)
            extra_sources=(Tests/PNGEncodingTests/FuzzRowProgram.swift Tests/PNGEncodingTests/RoundTripCheck.swift
                Tests/PNGEncodingTests/SeededGenerator.swift Tests/PNGEncodingTests/ByteCollector.swift)
            ;;
        *) echo "unknown fuzz target $target" >&2; exit 2 ;;
    esac
    mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -use-ld=lld -module-name "Fuzz_$target" \
        "${extra[@]}" "fuzz/$target/main.swift" "${sources[@]}" "${extra_sources[@]}" -o "$out/$target"
    echo "built $out/$target"
done
