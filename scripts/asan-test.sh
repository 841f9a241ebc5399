#!/usr/bin/env bash
# The whole test suite under AddressSanitizer (docs/robustness.md), in its own scratch path so
# the normal build stays incremental. Leak detection is off here (the CLI tests run the plain
# `gridrender` binary; the leak check is scripts/leak-check.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=.build-asan
swift build --build-tests --scratch-path "$SCRATCH" -Xswiftc -sanitize=address
# The CLI tests look for `gridrender` beside the test bundle: the ASan-built one is there.
ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:halt_on_error=1 \
    swift test --skip-build --scratch-path "$SCRATCH" -Xswiftc -sanitize=address "$@" 2>&1 | tee "$SCRATCH/test-output.txt"
status=${PIPESTATUS[0]}
if grep -q "ERROR: AddressSanitizer" "$SCRATCH/test-output.txt"; then
    echo "AddressSanitizer reported an error" >&2
    exit 1
fi
exit "$status"
