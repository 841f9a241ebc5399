#!/usr/bin/env bash
# Pixel-identity guard for performance and refactoring work: renders the demo gallery and the
# benchmark CSVs with two gridrender binaries and compares what a reader sees: PNGs by their
# decoded pixels (not the bytes, which change with the zlib level), SVGs by their rsvg-convert
# rasters and PDFs by their pages' pdftoppm rasters at 72 dpi (both through the new binary's
# `compare --preset strict --channel-tolerance 0 --max-pixels 0`), and says which SVG/PDF bytes
# changed. The new binary's PNGs are also rendered on one thread and must be byte-identical to
# its default (all-core) ones. Exit status 1 when any picture differs.
#   scripts/bench-pixels.sh OLD_BIN NEW_BIN [DATA_DIR]
# NEW_ARGS: extra render arguments for the new binary only, to give it the old one's work (for
# example `--untagged` against a build from before tagged output). A PDF the new binary cut into
# pages where the old one wrote one page is rendered again at the old page's width (`--width`),
# which keeps it one page. An SVG taller than rsvg-convert rasterizes (32,767 px) is not compared
# (scripts/rsvg-vs-png.py rasterizes such SVGs in slices). Needs python3 (Pillow when installed),
# rsvg-convert, pdftoppm and pdfinfo.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1 new=$2 data=${3:-../shared/bench/data}
read -r -a new_args <<< "${NEW_ARGS:-}"
work=$(mktemp -d /tmp/gridpixels-XXXXXX)
trap 'rm -rf "$work"' EXIT
inputs=(Fixtures/demo/* "$data"/people-100.csv "$data"/people-1000.csv "$data"/people-10000.csv)
for side in old new; do
  bin=${!side}
  args=()
  [[ $side == new ]] && args=("${new_args[@]}")
  mkdir -p "$work/$side"
  for f in "${inputs[@]}"; do
    stem=$(basename "${f%.*}")
    "$bin" render "$f" -o "$work/$side/$stem.png" "${args[@]}"
    [[ $stem == people-10000 ]] || "$bin" render "$f" -o "$work/$side/$stem@2x.png" --scale 2 "${args[@]}"
    "$bin" render "$f" -o "$work/$side/$stem.svg" "${args[@]}"
    "$bin" render "$f" -o "$work/$side/$stem.pdf" "${args[@]}" 2>/dev/null
  done
done
mkdir -p "$work/one-thread"
for f in "${inputs[@]}"; do
  stem=$(basename "${f%.*}")
  GRIDRENDER_THREADS=1 "$new" render "$f" -o "$work/one-thread/$stem.png"
done
set +e
python3 - "$work" <<'PY'
import pathlib, struct, sys, zlib

def pixels(path):
    """(width, height, mode, pixel bytes) of a PNG: Pillow when installed, else decoded here
    (8-bit RGB or RGBA, not interlaced: what gridrender writes)."""
    try:
        from PIL import Image
        Image.MAX_IMAGE_PIXELS = None
        with Image.open(path) as im:
            return im.size[0], im.size[1], im.mode, im.tobytes()
    except ImportError:
        pass
    data = path.read_bytes()
    at, idat, header = 8, [], None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR": header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT": idat.append(body)
        at += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        sys.exit(f"{path.name}: only 8-bit RGB/RGBA, non-interlaced PNGs are decoded without Pillow")
    bpp = 3 if color == 2 else 4
    raw, line = zlib.decompress(b"".join(idat)), width * bpp
    rows, previous = [], bytearray(line)
    for y in range(height):
        kind, row = raw[y * (line + 1)], bytearray(raw[y * (line + 1) + 1:(y + 1) * (line + 1)])
        if kind == 1:
            for i in range(bpp, line): row[i] = (row[i] + row[i - bpp]) & 255
        elif kind == 2:
            row = bytearray((a + b) & 255 for a, b in zip(row, previous))
        elif kind == 3:
            for i in range(line): row[i] = (row[i] + ((row[i - bpp] if i >= bpp else 0) + previous[i]) // 2) & 255
        elif kind == 4:
            for i in range(line):
                a = row[i - bpp] if i >= bpp else 0
                b, c = previous[i], previous[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(row))
        previous = row
    return width, height, "RGB" if color == 2 else "RGBA", b"".join(rows)

work = pathlib.Path(sys.argv[1]); bad = 0
for a in sorted((work / "old").glob("*.png")):
    b = work / "new" / a.name
    wa, ha, ma, pa = pixels(a)
    wb, hb, mb, pb = pixels(b)
    same = (wa, ha, ma, pa) == (wb, hb, mb, pb)
    print(f"{'same' if same else 'DIFFERENT'}  {a.name}  {wa}x{ha} {ma}  bytes {a.stat().st_size} -> {b.stat().st_size}")
    bad += not same
for one in sorted((work / "one-thread").glob("*.png")):
    same = one.read_bytes() == (work / "new" / one.name).read_bytes()
    print(f"{'same bytes' if same else 'BYTES DIFFER'}  {one.name}  one thread against all")
    bad += not same
print("PNG pixels identical, and the same bytes on one thread" if not bad else f"{bad} PNG(s) differ")
sys.exit(1 if bad else 0)
PY
png_status=$?
set -e
# SVG and PDF: the pictures, rasterized.
pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }
vector_bad=0
for a in "$work"/old/*.svg "$work"/old/*.pdf; do
  name=$(basename "$a") b=$work/new/$(basename "$a")
  bytes=$(cmp -s "$a" "$b" && echo "same bytes" || echo "bytes $(stat -c %s "$a") -> $(stat -c %s "$b")")
  if [[ $name == *.svg ]] && (( $(grep -o 'height="[0-9.]*' "$a" | head -1 | tr -dc '0-9.' | cut -d. -f1) > 32767 )); then
    echo "not rasterized  $name  (taller than rsvg-convert draws)  $bytes"; continue
  fi
  if [[ $name == *.pdf ]] && [[ $(pages "$a") == 1 ]] && [[ $(pages "$b") != 1 ]]; then
    width=$(pdfinfo "$a" | awk '/^Page size:/ {print $3}')
    "$new" render "$(printf '%s\n' "${inputs[@]}" | grep "/${name%.pdf}\.")" -o "$b" --width "$width" "${new_args[@]}" 2>/dev/null
    bytes="$bytes (new one-page at --width $width: $(stat -c %s "$b"))"
  fi
  result=$("$new" compare --preset strict --channel-tolerance 0 --max-pixels 0 "$a" "$b" 2>&1 || true)
  if [[ $result == *"images match"* ]]; then
    echo "same pixels  $name  $bytes"
  else
    echo "PIXELS DIFFER  $name  $bytes: ${result:0:200}"
    vector_bad=$((vector_bad + 1))
  fi
done
(( vector_bad == 0 )) && echo "SVG and PDF rasters identical" || echo "$vector_bad SVG/PDF file(s) differ in pixels"
(( png_status == 0 && vector_bad == 0 ))
