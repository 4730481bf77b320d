#!/usr/bin/env bash
# Builds the libFuzzer targets: each is its module's sources compiled together with the target's main.swift,
# with -sanitize=fuzzer,address. Modules it imports (Locking) are built first as their own modules; png differs
# (see build_png). Every compile names the package (-package-name), as SwiftPM does, so that `package` declarations
# compile. Usage: bash fuzz/build.sh [TARGET...]  (targets: http spec color css png)
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out/modules"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(http spec color css png)

# Builds Sources/Locking as a module and static library in $out.
build_locking() {
    mapfile -t locking < <(find Sources/Locking -name '*.swift' | sort)
    swiftc -sanitize=address -parse-as-library -O -g -package-name gradientd -module-name Locking -emit-module \
        -emit-module-path "$out/modules/Locking.swiftmodule" -emit-library -static "${locking[@]}" \
        -o "$out/libLocking.a"
}

# Builds the png target: Sources/PNGEncoding as a module with coverage, libpng's glue (CPNG) with clang, and the
# round-trip check of the tests with the target's main without coverage.
build_png() {
    mkdir -p "$out/modules/CPNG"
    printf 'module CPNG {\n    umbrella "%s"\n    export *\n}\n' "$PWD/Sources/CPNG/include" \
        >"$out/modules/CPNG/module.modulemap"
    local glue=()
    for source in Sources/CPNG/*.c; do
        glue+=("$out/$(basename "$source" .c).o")
        clang -fsanitize=fuzzer-no-link,address -O1 -g -I Sources/CPNG/include -c "$source" -o "${glue[-1]}"
    done
    local modules=(-I "$out/modules" -I "$out/modules/CPNG" -I Sources/CZlib -I Sources/CLibPNG)
    mapfile -t encoder < <(find Sources/PNGEncoding -name '*.swift' | sort)
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name gradientd -module-name PNGEncoding -emit-module \
        -emit-module-path "$out/modules/PNGEncoding.swiftmodule" -emit-library -static "${modules[@]}" \
        "${encoder[@]}" -o "$out/libPNGEncoding.a"
    swiftc -sanitize=address -parse-as-library -O -wmo -g -package-name gradientd -module-name Fuzz_png -c "${modules[@]}" \
        fuzz/png/main.swift Tests/PNGEncodingTests/{FuzzRowProgram,RoundTripCheck,SeededGenerator,ByteCollector}.swift \
        -o "$out/png-check.o"
    swiftc -sanitize=fuzzer,address -use-ld=lld "$out/png-check.o" "$out/libPNGEncoding.a" "${glue[@]}" -lpng16 -lz \
        -o "$out/png"
}

for target in "${targets[@]}"; do
    case "$target" in
        http)
            module=HTTPCore
            build_locking
            extra=(-I Sources/CEpoll -I "$out/modules" -L "$out" -lLocking)
            ;;
        spec | color | css) module=GradientCore; extra=() ;;
        png)
            # The encoder is built as its own module with coverage; the round-trip check the tests use
            # (Tests/PNGEncodingTests) and the target's main are compiled without it, so that libFuzzer's
            # comparison tracing is spent on the encoder, then everything is linked with libFuzzer.
            build_png
            echo "built $out/png"
            continue
            ;;
        *) echo "unknown fuzz target $target" >&2; exit 2 ;;
    esac
    mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -use-ld=lld -package-name gradientd -module-name "Fuzz_$target" \
        "${extra[@]}" "fuzz/$target/main.swift" "${sources[@]}" -o "$out/$target"
    echo "built $out/$target"
done
