#!/usr/bin/env bash
# Installs what is missing, builds in release mode, and runs the main job on Fixtures/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product gridrender
bin=.build/release/gridrender
mkdir -p gallery
for f in Fixtures/demo/*.json Fixtures/demo/*.yaml; do
  [ -e "$f" ] || continue
  stem=$(basename "${f%.*}")
  "$bin" layout "$f" > "gallery/$stem.layout.json"
  echo "gallery/$stem.layout.json"
done
