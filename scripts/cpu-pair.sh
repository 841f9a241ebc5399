#!/usr/bin/env bash
# Measures whether two busy threads slow each other on this machine (see scripts/cpu-pair.c):
# the ceiling on what a second painting thread can gain, quoted in docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
cc=$(command -v cc || command -v clang || command -v gcc)
"$cc" -O2 -pthread -o .build/cpu-pair scripts/cpu-pair.c
.build/cpu-pair
