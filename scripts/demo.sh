#!/usr/bin/env bash
# The main job: installs what is missing, builds in release mode, and renders every document in
# Fixtures/demo into gallery/ as PNG, SVG and PDF, plus its layout JSON.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product gridrender
bin=.build/release/gridrender
mkdir -p gallery
shopt -s nullglob
for f in Fixtures/demo/*.json Fixtures/demo/*.yaml Fixtures/demo/*.yml Fixtures/demo/*.csv Fixtures/demo/*.tsv; do
  stem=$(basename "${f%.*}")
  "$bin" layout "$f" > "gallery/$stem.layout.json"
done
for format in png svg pdf; do
  "$bin" render Fixtures/demo/* --out-dir gallery --format "$format"
done
ls -1 gallery
