#!/bin/sh
# Times gridrender on texts of 10^3 … 10^6 characters, so linearity is visible (issue 25 item 7):
# inline markup (italic spans, unwrapped and wrapped), footnote marks (numbers on one title, in an
# 800-pt canvas so the title and the notes wrap: the picture grows with the text, not its square) and
# one long unbroken cell (unwrapped; wrapped). Each row: case, characters, seconds, exit status.
# Usage: scripts/text-linearity.sh [path/to/gridrender] (default: the release build in
# .build-release, made by `swift build -c release --product gridrender --scratch-path .build-release`).
set -eu
bin=${1:-.build-release/release/gridrender}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
for n in (10**3, 10**4, 10**5, 10**6):
    def put(name, doc): json.dump(doc, open(f"{work}/{name}-{n}.json", "w"))
    spans = "*a* " * (n // 4)
    put("markup-unwrapped", {"columns": [{"key": "a", "style": {"markup": "markdown"}}], "data": {"rows": [[spans]]}})
    put("markup-wrapped", {"columns": [{"key": "a", "width": 600, "style": {"markup": "markdown", "wrap": True}}], "data": {"rows": [[spans]]}})
    notes = n // 4   # about 4 characters of marks per note
    put("footnote-marks", {"canvas": {"width": 800}, "title": "T", "columns": [{"key": "a"}], "data": {"rows": [["x"]]},
                           "footnotes": [{"text": "n", "title": True} for _ in range(notes)]})
    put("long-cell-unwrapped", {"columns": [{"key": "a"}], "data": {"rows": [["x" * n]]}})
    put("long-cell-wrapped", {"columns": [{"key": "a", "width": 600, "style": {"wrap": True}}], "data": {"rows": [["x" * n]]}})
PY
printf '%-22s %9s %9s %s\n' case characters seconds exit
for case in ${CASES:-markup-unwrapped markup-wrapped footnote-marks long-cell-unwrapped long-cell-wrapped}; do
  for n in 1000 10000 100000 1000000; do
    start=$(date +%s.%N)
    status=0
    "$bin" render "$work/$case-$n.json" -o "$work/out.png" 2>/dev/null || status=$?
    end=$(date +%s.%N)
    printf '%-22s %9s %9.2f %s\n' "$case" "$n" "$(echo "$end - $start" | bc)" "$status"
  done
done
