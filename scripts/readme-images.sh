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
# A light/dark pair for a README (<picture> with prefers-color-scheme), on a transparent canvas.
"$bin" render Fixtures/snapshots/people.csv -o "$out/people.png" --limit 5 --scale 2 --title People \
  --columns name,city,balance --appearance light,dark > /dev/null
"$bin" render Fixtures/gallery/contact-sheet.json -o "$out/contact-sheet.png" --scale 2
# RDH's horizontal direction: flow columns, maxRows 2, rows sharing the canvas height.
"$bin" render Fixtures/snapshots/items-horizontal.json -o "$out/items-horizontal.png" --scale 2
"$bin" render Fixtures/snapshots/selection-glow.json -o "$out/selection-glow.png" --scale 2
# Every script and colour emoji with the pinned font stack; a Markdown table with inline markup.
"$bin" render Fixtures/snapshots/multilingual.json -o "$out/multilingual.png" --scale 2
"$bin" render Fixtures/snapshots/emoji-features.json -o "$out/emoji.png" --scale 2
"$bin" render Fixtures/snapshots/readme-table.md -o "$out/readme-table.png" --scale 2
# A gt-style report table (spanners, stub, summaries, footnotes, colour scale, bars, dates).
for format in png svg pdf; do
  "$bin" render Fixtures/snapshots/publication-report.json -o "$out/publication-report.$format" --scale 2
done
# One picture per publication feature, for docs/FORMAT.md.
for feature in spanners summary footnotes data-styles formats; do
  "$bin" render "Fixtures/gallery/publication/$feature.json" -o "$out/publication-$feature.png" --scale 2
done
# A snapshot diff: the same table sorted another way, compared with the original.
tmp=$(mktemp -d)
"$bin" render Fixtures/demo/table.json -o "$tmp/expected.png" --scale 1
"$bin" render Fixtures/demo/table.json -o "$tmp/actual.png" --scale 1 --sort -price
"$bin" compare "$tmp/expected.png" "$tmp/actual.png" --diff "$out/diff.png" > /dev/null || true
rm -rf "$tmp"
ls -1 "$out"
