#!/usr/bin/env python3
"""An item grid of many image cells (issue 16): time and peak memory of one render per format.

Writes N distinct PNG photos (default 400, 560 × 560 px RGB: 1.2 MiB each decoded) and an item
grid document showing them as a contact sheet (20 columns on a 1,600 pt canvas: ~80 pt cells),
then renders it with the given binary, one process per format, and prints wall time, CPU time
and peak RSS (the kernel's ru_maxrss). Only the standard library: the PNGs are written with zlib.

usage: python3 scripts/bench-images.py [--bin .build/release/gridrender] [--count 400] [--side 560]
       [--formats png,svg,pdf] [--runs 3] [--dir .build/bench-images] [--against OLD_BINARY]

With --against, each run renders with the other binary then with --bin, alternately, and the
table gives both medians and the median of the per-pair ratios (new / old).
"""
import argparse, json, os, statistics, struct, subprocess, sys, time, zlib
from pathlib import Path


def png_bytes(width, height, seed):
    """A photo-like RGB image: smooth gradients with a seed-dependent tint and a little texture."""
    rows = bytearray()
    r0, g0, b0 = (seed * 37) % 256, (seed * 91) % 256, (seed * 53) % 256
    for y in range(height):
        rows.append(0)
        line = bytearray(width * 3)
        for x in range(width):
            t = (x * 7 + y * 3 + ((x * y) >> 6)) & 0xFF
            line[3 * x] = (r0 + x * 255 // width) & 0xFF
            line[3 * x + 1] = (g0 + y * 255 // height + (t >> 4)) & 0xFF
            line[3 * x + 2] = (b0 + t) & 0xFF
        rows += line
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b"")


def make_fixture(folder: Path, count: int, side: int) -> Path:
    """The images and `grid.json` in `folder` (kept between runs when the count and side match)."""
    folder.mkdir(parents=True, exist_ok=True)
    doc = folder / "grid.json"
    stamp = folder / f".made-{count}-{side}"
    if doc.exists() and stamp.exists():
        return doc
    for k in range(count):
        (folder / f"photo-{k:04d}.png").write_bytes(png_bytes(side, side, k))
    doc.write_text(json.dumps({
        "canvas": {"width": 1600, "padding": 8},
        "title": f"{count} photos",
        "items": [{"image": f"photo-{k:04d}.png", "fit": "cover"} for k in range(count)],
        "maxColumns": 20,
        "itemHeight": {"lineSize": 0},
        "columnSpacing": 4,
        "rowSpacing": 4,
        "theme": "plain",
    }, indent=1))
    stamp.write_text("")
    return doc


def run_once(argv):
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    err = p.stderr.read().decode(errors="replace")[-300:]
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed: {err}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=".build/release/gridrender")
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--side", type=int, default=560)
    ap.add_argument("--formats", default="png,svg,pdf")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dir", default=".build/bench-images")
    ap.add_argument("--against", help="another gridrender binary, run alternately with --bin")
    args = ap.parse_args()
    doc = make_fixture(Path(args.dir), args.count, args.side)
    decoded = args.count * args.side * args.side * 4 / 2**20
    print(f"{args.count} images of {args.side}×{args.side} px ({decoded:.0f} MiB decoded in all), {doc}")
    if args.against:
        print("| format | old wall s | new wall s | ratio | old CPU s | new CPU s | old peak MiB | new peak MiB |")
        print("|---|---|---|---|---|---|---|---|")
        for fmt in args.formats.split(","):
            out = Path(args.dir) / f"out.{fmt}"
            pairs = [(run_once([args.against, "render", str(doc), "-o", str(out), "--force"]),
                      run_once([args.bin, "render", str(doc), "-o", str(out), "--force"])) for _ in range(args.runs)]
            med = lambda k, i: statistics.median(p[k][i] for p in pairs)
            ratio = statistics.median(p[1][0] / p[0][0] for p in pairs)
            print(f"| {fmt} | {med(0, 0):.2f} | {med(1, 0):.2f} | {ratio:.2f} | {med(0, 1):.2f} | {med(1, 1):.2f} | "
                  f"{max(p[0][2] for p in pairs):.0f} | {max(p[1][2] for p in pairs):.0f} |")
        return
    print("| format | median wall s | median CPU s | peak MiB (max of runs) |")
    print("|---|---|---|---|")
    for fmt in args.formats.split(","):
        out = Path(args.dir) / f"out.{fmt}"
        runs = [run_once([args.bin, "render", str(doc), "-o", str(out), "--force"]) for _ in range(args.runs)]
        print(f"| {fmt} | {statistics.median(r[0] for r in runs):.3f} | {statistics.median(r[1] for r in runs):.3f} | "
              f"{max(r[2] for r in runs):.0f} |")


if __name__ == "__main__":
    main()
