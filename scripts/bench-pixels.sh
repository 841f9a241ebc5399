#!/usr/bin/env bash
# Pixel-identity guard for performance work: renders the demo gallery and the benchmark CSVs to
# PNG with two gridrender binaries and compares the decoded pixels (not the bytes, which change
# with the zlib level). Exit status 1 when any image differs.
#   scripts/bench-pixels.sh OLD_BIN NEW_BIN [DATA_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1 new=$2 data=${3:-../shared/bench/data}
work=$(mktemp -d /tmp/gridpixels-XXXXXX)
inputs=(Fixtures/demo/* "$data"/people-100.csv "$data"/people-1000.csv "$data"/people-10000.csv)
for side in old new; do
  bin=${!side}
  mkdir -p "$work/$side"
  for f in "${inputs[@]}"; do
    stem=$(basename "${f%.*}")
    "$bin" render "$f" -o "$work/$side/$stem.png"
    [[ $stem == people-10000 ]] || "$bin" render "$f" -o "$work/$side/$stem@2x.png" --scale 2
    "$bin" render "$f" -o "$work/$side/$stem.svg"
    "$bin" render "$f" -o "$work/$side/$stem.pdf"
  done
done
python3 - "$work" <<'PY'
import sys, pathlib
from PIL import Image
Image.MAX_IMAGE_PIXELS = None
work = pathlib.Path(sys.argv[1]); bad = 0
for a in sorted((work / "old").glob("*.png")):
    b = work / "new" / a.name
    ia, ib = Image.open(a), Image.open(b)
    same = ia.size == ib.size and ia.mode == ib.mode and ia.tobytes() == ib.tobytes()
    print(f"{'same' if same else 'DIFFERENT'}  {a.name}  {ia.size[0]}x{ia.size[1]} {ia.mode}  bytes {a.stat().st_size} -> {b.stat().st_size}")
    bad += not same
for ext in ("svg", "pdf"):
    for a in sorted((work / "old").glob("*." + ext)):
        b = work / "new" / a.name
        same = a.read_bytes() == b.read_bytes()
        print(f"{'same bytes' if same else 'bytes differ'}  {a.name}  {a.stat().st_size} -> {b.stat().st_size}")
print("pixels identical" if not bad else f"{bad} PNG(s) differ")
sys.exit(1 if bad else 0)
PY
