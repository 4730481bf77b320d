#!/usr/bin/env bash
# Checks the layering rules of docs/architecture.md ("## Modules") over the import lines of Sources/:
# GradientCore imports nothing (no Foundation, no Glibc, no project module); HTTPCore imports no gradient module;
# PNGEncoding, WebPEncoding and AVIFEncoding know nothing of gradients or HTTP; Locking, which HTTPCore,
# GradientImage and GradientService share, imports the C library only (Glibc, or Darwin). No module of Sources/
# imports the test support of Tests/Support (HTTPTestSupport, SeededRandom), which only test targets depend on.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
check() {
    local module=$1 pattern=$2 why=$3
    local hits
    hits=$(grep -rnE "^\s*(@testable\s+)?import\s+($pattern)\b" "Sources/$module" || true)
    if [ -n "$hits" ]; then
        echo "layering: $module must not import $why:"
        echo "$hits"
        status=1
    fi
}
check GradientCore '[A-Za-z_]+' 'anything (standard library only)'
check HTTPCore 'GradientCore|GradientImage|PNGEncoding|WebPEncoding|AVIFEncoding|GradientService|CPNG|CWebP|CAVIF' 'gradient modules'
check PNGEncoding 'GradientCore|GradientImage|HTTPCore|GradientService' 'gradient or HTTP modules'
check WebPEncoding 'GradientCore|GradientImage|HTTPCore|GradientService' 'gradient or HTTP modules'
check AVIFEncoding 'GradientCore|GradientImage|HTTPCore|GradientService' 'gradient or HTTP modules'
for module in Sources/*/; do
    check "$(basename "$module")" 'HTTPTestSupport|SeededRandom' 'test support (Tests/Support)'
done
locking=$(grep -rnE '^\s*(@testable\s+)?import\s+' Sources/Locking | grep -vE 'import\s+(Glibc|Darwin)\s*$' || true)
if [ -n "$locking" ]; then
    echo "layering: Locking must import nothing but Glibc or Darwin:"
    echo "$locking"
    status=1
fi
[ "$status" -eq 0 ] && echo "layering: ok"
exit "$status"
