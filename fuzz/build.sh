#!/usr/bin/env bash
# Builds the libFuzzer targets with -sanitize=fuzzer,address: http is HTTPCore's sources compiled together with its
# main.swift (Locking, which it imports, built first as its own module); spec, color and css import GradientCore,
# built once as a module and static library for the three; png and png-palette differ (see build_png). Every compile names the package (-package-name), as SwiftPM does, so that
# `package` declarations compile. Usage: bash fuzz/build.sh [TARGET...]  (targets: http spec color css png png-palette)
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out/modules"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(http spec color css png png-palette)

# Builds Sources/Locking as a module and static library in $out.
build_locking() {
    mapfile -t locking < <(find Sources/Locking -name '*.swift' | sort)
    swiftc -sanitize=address -parse-as-library -O -g -package-name gradientd -module-name Locking -emit-module \
        -emit-module-path "$out/modules/Locking.swiftmodule" -emit-library -static "${locking[@]}" \
        -o "$out/libLocking.a"
}

# Builds Sources/GradientCore as a module and static library with coverage, once for spec, color and css (with
# testing enabled: css drives the internal CSSGradientParser).
core_built=false
build_core() {
    $core_built && return
    mapfile -t core < <(find Sources/GradientCore -name '*.swift' | sort)
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name gradientd -module-name GradientCore -enable-testing \
        -emit-module -emit-module-path "$out/modules/GradientCore.swiftmodule" -emit-library -static "${core[@]}" \
        -o "$out/libGradientCore.a"
    core_built=true
}

# Builds Sources/PNGEncoding as a module and static library with coverage, and libpng's glue (CPNG) with clang,
# once for both PNG targets.
png_encoder_built=false
build_png_encoder() {
    $png_encoder_built && return
    mkdir -p "$out/modules/CPNG"
    printf 'module CPNG {\n    umbrella "%s"\n    export *\n}\n' "$PWD/Sources/CPNG/include" \
        >"$out/modules/CPNG/module.modulemap"
    png_glue=()
    for source in Sources/CPNG/*.c; do
        png_glue+=("$out/$(basename "$source" .c).o")
        clang -fsanitize=fuzzer-no-link,address -O1 -g -I Sources/CPNG/include -c "$source" -o "${png_glue[-1]}"
    done
    mapfile -t encoder < <(find Sources/PNGEncoding -name '*.swift' | sort)
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -package-name gradientd -module-name PNGEncoding -emit-module \
        -emit-module-path "$out/modules/PNGEncoding.swiftmodule" -emit-library -static "${png_modules[@]}" \
        "${encoder[@]}" -o "$out/libPNGEncoding.a"
    png_encoder_built=true
}
png_modules=(-I "$out/modules" -I "$out/modules/CPNG" -I Sources/CZlib -I Sources/CLibPNG)

# Builds the tests' seeded generator (Tests/Support/SeededRandom) as a module and static library, without coverage.
build_seeded_random() {
    swiftc -sanitize=address -parse-as-library -O -g -package-name gradientd -module-name SeededRandom -emit-module \
        -emit-module-path "$out/modules/SeededRandom.swiftmodule" -emit-library -static \
        Tests/Support/SeededRandom/*.swift -o "$out/libSeededRandom.a"
}

# Builds a PNG target ($1: png or png-palette): the encoder (build_png_encoder) and the seeded generator
# (build_seeded_random), then the round-trip check of the tests ($2...: files of Tests/PNGEncodingTests) with the
# target's main without coverage, linked with libFuzzer.
build_png() {
    local target=$1
    shift
    build_png_encoder
    build_seeded_random
    local checks=()
    for file in "$@"; do
        checks+=("Tests/PNGEncodingTests/$file.swift")
    done
    swiftc -sanitize=address -parse-as-library -O -wmo -g -package-name gradientd -module-name "Fuzz_${target//-/_}" \
        -c "${png_modules[@]}" "fuzz/$target/main.swift" "${checks[@]}" -o "$out/$target-check.o"
    swiftc -sanitize=fuzzer,address -use-ld=lld "$out/$target-check.o" "$out/libPNGEncoding.a" \
        "$out/libSeededRandom.a" "${png_glue[@]}" \
        -lpng16 -lz -o "$out/$target"
}

for target in "${targets[@]}"; do
    case "$target" in
        http)
            module=HTTPCore
            build_locking
            extra=(-I Sources/CEpoll -I "$out/modules" -L "$out" -lLocking)
            ;;
        spec | color | css)
            build_core
            swiftc -sanitize=fuzzer,address -parse-as-library -O -g -use-ld=lld -package-name gradientd \
                -module-name "Fuzz_$target" -I "$out/modules" "fuzz/$target/main.swift" -L "$out" -lGradientCore \
                -o "$out/$target"
            echo "built $out/$target"
            continue
            ;;
        png | png-palette)
            # The encoder is built as its own module with coverage; the round-trip check the tests use
            # (Tests/PNGEncodingTests) and the target's main are compiled without it, so that libFuzzer's
            # comparison tracing is spent on the encoder, then everything is linked with libFuzzer.
            common=(RoundTripCheck ByteCollector)
            if [ "$target" = png ]; then
                build_png png FuzzRowProgram "${common[@]}"
            else
                build_png png-palette FuzzPaletteProgram PaletteRoundTripCheck "${common[@]}"
            fi
            echo "built $out/$target"
            continue
            ;;
        *) echo "unknown fuzz target $target" >&2; exit 2 ;;
    esac
    mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -use-ld=lld -package-name gradientd -module-name "Fuzz_$target" \
        "${extra[@]}" "fuzz/$target/main.swift" "${sources[@]}" -o "$out/$target"
    echo "built $out/$target"
done
