#!/usr/bin/env bash
# Pixel-identity guard for performance work: renders the demo gallery and the benchmark CSVs to
# PNG with two gridrender binaries and compares the decoded pixels (not the bytes, which change
# with the zlib level), and SVG/PDF bytes. The new binary's PNGs are also rendered on one thread
# and must be byte-identical to its default (all-core) ones. Exit status 1 when any image
# differs. Needs only Python's standard library (Pillow is used when installed).
#   scripts/bench-pixels.sh OLD_BIN NEW_BIN [DATA_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1 new=$2 data=${3:-../shared/bench/data}
work=$(mktemp -d /tmp/gridpixels-XXXXXX)
trap 'rm -rf "$work"' EXIT
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
mkdir -p "$work/one-thread"
for f in "${inputs[@]}"; do
  stem=$(basename "${f%.*}")
  GRIDRENDER_THREADS=1 "$new" render "$f" -o "$work/one-thread/$stem.png"
done
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
for ext in ("svg", "pdf"):
    for a in sorted((work / "old").glob("*." + ext)):
        b = work / "new" / a.name
        same = a.read_bytes() == b.read_bytes()
        print(f"{'same bytes' if same else 'bytes differ'}  {a.name}  {a.stat().st_size} -> {b.stat().st_size}")
print("pixels identical, and the same bytes on one thread" if not bad else f"{bad} PNG(s) differ")
sys.exit(1 if bad else 0)
PY
