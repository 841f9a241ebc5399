#!/usr/bin/env bash
# Renders the README's gallery into docs/images with the tool itself (run after a release build).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-.build/release/gridrender}
out=docs/images
mkdir -p "$out"
for theme in striped plain dark minimal ledger; do
  "$bin" render "Fixtures/snapshots/theme-$theme.json" -o "$out/theme-$theme.png" --scale 2
done
"$bin" render Fixtures/demo/table.json -o "$out/table.png"
"$bin" render Fixtures/demo/sections.yaml -o "$out/sections.png" --scale 2
"$bin" render Fixtures/demo/items.json -o "$out/items.png"
"$bin" render Fixtures/gallery/spans.json -o "$out/spans.png"
"$bin" render Fixtures/gallery/palette.yaml -o "$out/palette.png"
"$bin" render Fixtures/snapshots/people.csv -o "$out/people-csv.png" --limit 8 --scale 2
# A gt-style report table (spanners, stub, summaries, footnotes, colour scale, bars, dates).
for format in png svg pdf; do
  "$bin" render Fixtures/snapshots/publication-report.json -o "$out/publication-report.$format" --scale 2
done
# A snapshot diff: the same table sorted another way, compared with the original.
tmp=$(mktemp -d)
"$bin" render Fixtures/demo/table.json -o "$tmp/expected.png" --scale 1
"$bin" render Fixtures/demo/table.json -o "$tmp/actual.png" --scale 1 --sort -price
"$bin" compare "$tmp/expected.png" "$tmp/actual.png" --diff "$out/diff.png" > /dev/null || true
rm -rf "$tmp"
ls -1 "$out"
