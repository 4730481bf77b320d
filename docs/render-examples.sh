#!/usr/bin/env bash
# Re-renders the README's example images with the gradient CLI: bash docs/render-examples.sh
# With --check (CI): renders them into a temporary directory with $GRADIENT (default: the release build) and fails,
# naming each, when a checked-in picture differs from what the CLI now writes (re-run without --check, commit).
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
if [ "${1:-}" = "--check" ]; then check=true; fi
if [ -z "${GRADIENT:-}" ]; then
    swift build -c release --product gradient >/dev/null
    GRADIENT=.build/release/gradient
fi
out=docs/examples
if $check; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
render() { "$GRADIENT" render "$2" -o "$out/$1.png"; }
render social-card 'colors=ff7e5f,feb47b&dir=horizontal&width=600&height=315'
render fade-overlay 'colors=%23ffffff00,white&dir=vertical&width=600&height=160'
render background-view 'colors=transparent@0,4a4a4a@0.25&width=600&height=160'
render layer-evenly 'colors=e96443,904e95,2f80ed&dir=horizontal&width=600&height=160'
render uniform-greys 'colors=eeeeee,bbbbbb&width=600&height=160'
render percentage 'base=00d293&percentage=0.06&width=600&height=160'
render preset 'preset=radioactive-heat&dir=horizontal&width=600&height=160'
render radial 'type=radial&colors=ffffff,3366ff&width=600&height=300'
render diagonal 'colors=ff7e5f,feb47b&dir=to-bottom-right&width=600&height=300'
render conic 'type=conic&colors=red,yellow,lime,aqua,blue,magenta,red&width=300&height=300'
render blue-yellow-srgb 'colors=blue,yellow&dir=horizontal&width=600&height=80'
render blue-yellow-oklab 'colors=blue,yellow&dir=horizontal&width=600&height=80&space=oklab'
render blue-yellow-oklch 'colors=blue,yellow&dir=horizontal&width=600&height=80&space=oklch'
render repeating 'colors=%23334455@0px,%23334455@10px,%23f5f5f5@10px,%23f5f5f5@20px&angle=45&spread=repeat&width=600&height=120'
render grain 'colors=0f2027,203a43,2c5364&angle=135&width=600&height=200&grain=0.35&seed=7'
render mesh 'type=mesh&mesh=3x3&colors=ff7e5f,feb47b,ffd86f,e96443,fdfcfb,86a8e7,904e95,2f80ed,91eae4&points=0,0;0.45,0;1,0;0,0.6;0.62,0.38;1,0.45;0,1;0.35,1;1,1&width=600&height=300'
render layered 'css=repeating-linear-gradient(45deg, rgb(255 255 255 / 0.3) 0 14px, transparent 14px 28px), radial-gradient(circle at 20%25 25%25, %23ffd86f, transparent 60%25), linear-gradient(135deg, %23e96443, %23904e95 60%25, %232f80ed)&blend=overlay, screen&width=600&height=300'
if $check; then
    stale=0
    for picture in "$out"/*.png; do
        name=$(basename "$picture")
        if ! cmp -s "$picture" "docs/examples/$name"; then
            echo "stale: docs/examples/$name differs from what gradient render writes (bash docs/render-examples.sh)"
            stale=1
        fi
    done
    for picture in docs/examples/*.png; do
        [ -e "$out/$(basename "$picture")" ] || { echo "unused: $picture is rendered by no line here"; stale=1; }
    done
    [ "$stale" = 0 ] && echo "docs/examples: every picture is what gradient render writes"
    exit "$stale"
fi
ls -l docs/examples
