#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests
swift test --skip-build 2>&1 | tee .build/test-output.txt
# The .deb and the portable archive of the debug binary, made twice (reproducible), installed and
# run without Swift (about 2 minutes on 2 cores).
scripts/package-check.sh
# The GridRender documentation: every link of the landing page resolves, every symbol listed.
swift package --disable-sandbox generate-documentation --target GridRender --warnings-as-errors >/dev/null
# The sample package: builds the docs/API.md tour on the documented products only, runs it, and
# walks its snapshot tests through record, pass, fail and accept.
Examples/Tour/check.sh
