#!/usr/bin/env bash
# Leak check (docs/robustness.md): 1000 renders (PNG, with SVG and PDF mixed in) in one process.
#   scripts/leak-check.sh [N]             LeakSanitizer (ASan build in .build-asan)
#   scripts/leak-check.sh --valgrind [N]  valgrind memcheck on a plain debug build (default N 100)
# Fails when a leak is reported or when peak memory after all renders is more than 16 MiB or
# 20% above the peak after the first tenth. Process-wide caches of fontconfig, GLib and Pango
# that are allocated once (not per render) are suppressed in scripts/lsan.supp.
set -euo pipefail
cd "$(dirname "$0")/.."
DOC=${LEAK_DOC:-Fixtures/demo/table.json}
if [ "${1:-}" = "--valgrind" ]; then
    shift
    N=${1:-100}
    # valgrind 3.19 cannot read the DWARF 5 the Swift 6.3 toolchain emits by default ("Possibly
    # corrupted debuginfo file"), so this build uses DWARF 4, in its own scratch path.
    GRIDRENDER_FUZZ=1 swift build --product RenderLoop --scratch-path .build-leak \
        -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4
    # definite and indirect losses only: "possibly lost" and "still reachable" are GLib's
    # type system and font caches, which live until exit.
    valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect \
        --errors-for-leak-kinds=definite,indirect --error-exitcode=3 --num-callers=40 \
        --suppressions=scripts/valgrind.supp \
        .build-leak/debug/RenderLoop "$N" "$DOC"
else
    N=${1:-1000}
    GRIDRENDER_FUZZ=1 swift build --product RenderLoop --scratch-path .build-asan -Xswiftc -sanitize=address
    # Full (slow) unwinding: fontconfig has no frame pointers, and suppressions match by function.
    LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=1:report_objects=0:fast_unwind_on_malloc=0" \
    ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:fast_unwind_on_malloc=0" \
        .build-asan/debug/RenderLoop "$N" "$DOC"
fi
echo "leak check passed: $N renders"
