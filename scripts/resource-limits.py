#!/usr/bin/env python3
"""Measures gridrender at the edges of its documented budgets (docs/robustness.md, "Resource
promise"): for each budget an input just at the default limit (rendered) and, where cheap, one
just past it (refused with exit 2 before the work). Prints a Markdown table of exit code, peak
RSS and wall time (GNU time's -v report), one row per case.

    swift build -c release --product gridrender
    scripts/resource-limits.py                    # every case
    scripts/resource-limits.py cells columns      # some cases
    scripts/resource-limits.py --binary .build/debug/gridrender --keep /tmp/limits

Inputs are generated into a scratch folder (several hundred MB for the cell and compare cases)
and removed afterwards unless --keep is given.
"""
import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def png_solid(path, width, height, rgba=(40, 120, 200, 255), stripe=None):
    """A PNG of one colour (optionally one differing row) written row by row: big images cost
    little memory or disk (rows repeat, deflate makes them tiny)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\0" + bytes(rgba) * width
    other = b"\0" + bytes((255, 0, 0, 255)) * width
    compressor = zlib.compressobj(6)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)))
        pending = []
        for y in range(height):
            pending.append(compressor.compress(other if y == stripe else row))
            if len(pending) >= 256:
                data = b"".join(pending)
                if data:
                    f.write(chunk(b"IDAT", data))
                pending = []
        data = b"".join(pending) + compressor.flush()
        f.write(chunk(b"IDAT", data) + chunk(b"IEND", b""))


def csv_table(path, rows, columns, cell=lambda r, c: f"r{r}c{c}"):
    with open(path, "w") as f:
        f.write(",".join(f"c{c}" for c in range(columns)) + "\n")
        for r in range(rows):
            f.write(",".join(cell(r, c) for c in range(columns)) + "\n")


def words(n_bytes):
    text = ("lorem ipsum dolor sit amet consectetur " * (n_bytes // 39 + 1))[:n_bytes]
    return text


# Each case: (name, budget, description, setup(dir) -> argv list (after the binary), env).
def cases():
    cells = 20_000_000
    yield ("cells", "cells 20,000,000", "CSV 2,000,000 × 10 (header included), -o PNG",
           lambda d: (csv_table(f"{d}/cells.csv", cells // 10 - 1, 10),
                      ["render", "cells.csv", "-o", "cells.png"])[1], {})
    yield ("cells", "cells 20,000,000", "same CSV, --limit 10",
           lambda d: ["render", "cells.csv", "-o", "cells-limit.png", "--limit", "10"], {})
    yield ("cells", "cells 20,000,000", "same CSV, `layout` (every cell measured)",
           lambda d: ["layout", "cells.csv", "-o", "cells-layout.json"], {})
    yield ("cells", "cells 20,000,000", "CSV 2,000,001 × 10: refused",
           lambda d: (csv_table(f"{d}/cells-over.csv", cells // 10, 10),
                      ["render", "cells-over.csv", "-o", "cells-over.png"])[1], {})
    yield ("columns", "columns 16,384", "CSV 1 row × 16,384 columns, -o PNG",
           lambda d: (csv_table(f"{d}/columns.csv", 1, 16_384), ["render", "columns.csv", "-o", "columns.png"])[1], {})
    yield ("columns", "columns 16,384", "CSV 1 row × 16,384 columns, -o SVG",
           lambda d: ["render", "columns.csv", "-o", "columns.svg"], {})
    yield ("columns", "columns 16,384", "CSV 1 row × 16,385 columns: refused",
           lambda d: (csv_table(f"{d}/columns-over.csv", 1, 16_385), ["render", "columns-over.csv", "-o", "x.png"])[1], {})
    yield ("cell-text", "text per cell 1 MiB", "one cell of 1 MiB of words, width 600, -o PNG",
           lambda d: (open(f"{d}/cell.json", "w").write(
               '{"canvas": {"width": 600}, "columns": [{"key": "a"}], "data": {"rows": [["%s"]]}}' % words(1 << 20)),
               ["render", "cell.json", "-o", "cell.png"])[1], {})
    yield ("cell-text", "text per cell 1 MiB", "one cell of 1 MiB of words, no width, -o PNG",
           lambda d: (open(f"{d}/cell-wide.json", "w").write(
               '{"columns": [{"key": "a"}], "data": {"rows": [["%s"]]}}' % words(1 << 20)),
               ["render", "cell-wide.json", "-o", "cell-wide.png"])[1], {})
    yield ("cell-text", "text per cell 1 MiB", "one cell of 1 MiB + 1 byte: refused",
           lambda d: (open(f"{d}/cell-over.json", "w").write(
               '{"columns": [{"key": "a"}], "data": {"rows": [["%s"]]}}' % words((1 << 20) + 1)),
               ["render", "cell-over.json", "-o", "x.png"])[1], {})
    yield ("text", "text per render 256 MiB", "CSV of 256 rows × 1 column of 1 MiB - 1 byte each (255 MiB), --width 600, -o PNG",
           lambda d: (csv_table(f"{d}/text.csv", 255, 1, lambda r, c: words((1 << 20) - 1)),
                      ["render", "text.csv", "-o", "text.png", "--width", "600"])[1], {})
    yield ("images", "decoded images 1 GiB", "4 distinct 8192×8192 PNG cells (4 × 256 MiB decoded), -o PNG",
           lambda d: ([png_solid(f"{d}/img{i}.png", 8192, 8192, (40 * i, 120, 200, 255)) for i in range(4)],
                      open(f"{d}/images.json", "w").write(
                          '{"columns": [{"key": "a", "width": 200}], "defaultRowHeight": 200, "data": {"rows": [%s]}}'
                          % ", ".join('[{"image": "img%d.png"}]' % i for i in range(4))),
                      ["render", "images.json", "-o", "images.png"])[2], {})
    yield ("images", "decoded images 1 GiB", "5 distinct 8192×8192 PNG cells: refused",
           lambda d: (png_solid(f"{d}/img4.png", 8192, 8192, (250, 0, 0, 255)),
                      open(f"{d}/images-over.json", "w").write(
                          '{"columns": [{"key": "a", "width": 200}], "data": {"rows": [%s]}}'
                          % ", ".join('[{"image": "img%d.png"}]' % i for i in range(5))),
                      ["render", "images-over.json", "-o", "x.png"])[2], {})
    yield ("compare", "compare pixels 400,000,000", "compare two 20,000×20,000 PNGs (one row differs), --diff",
           lambda d: (png_solid(f"{d}/a.png", 20_000, 20_000), png_solid(f"{d}/b.png", 20_000, 20_000, stripe=10_000),
                      ["compare", "a.png", "b.png", "--diff", "diff.png"])[2], {})
    yield ("compare", "compare pixels 400,000,000", "compare a 20,001×20,000 PNG: refused",
           lambda d: (png_solid(f"{d}/c.png", 20_001, 20_000), ["compare", "a.png", "c.png"])[1], {})
    yield ("compare", "compare pixels 400,000,000", "compare two 32,768×32,768 PNG bombs: refused",
           lambda d: (png_bomb(f"{d}/bomb1.png"), png_bomb(f"{d}/bomb2.png"), ["compare", "bomb1.png", "bomb2.png"])[2], {})


def png_bomb(path):
    """A few bytes declaring 32768×32768 pixels: the header alone, with one empty IDAT."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 32768, 32768, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(b"\0" * 1024)) + chunk(b"IEND", b""))


def measure(binary, argv, cwd, env, timeout):
    full_env = dict(os.environ, **env)
    command = ["/usr/bin/time", "-v", binary] + argv
    try:
        run = subprocess.run(command, cwd=cwd, env=full_env, capture_output=True, text=True,
                             errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None, None, f"not finished in {timeout} s"
    report = run.stderr
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", report)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", report)
    status = re.search(r"Exit status: (\d+)", report)
    seconds = None
    if wall:
        parts = [float(p) for p in wall.group(1).split(":")]
        seconds = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
    first = next((line for line in report.splitlines() if line.startswith("error:")), "")
    return (int(status.group(1)) if status else run.returncode,
            int(rss.group(1)) / 1024 if rss else None, seconds, first)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("only", nargs="*", help="case groups: cells columns cell-text text images compare")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/gridrender"))
    parser.add_argument("--keep", help="generate into this folder and keep it")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds per case (default 1800)")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"{binary} not built: swift build -c release --product gridrender")
    work = args.keep or tempfile.mkdtemp(prefix="gridrender-limits-")
    os.makedirs(work, exist_ok=True)
    print(f"binary: {binary}; load average before: {os.getloadavg()[0]:.1f}", file=sys.stderr)
    print("| budget | input | exit | peak RSS | wall | first error line |")
    print("| --- | --- | --- | --- | --- | --- |")
    try:
        for group, budget, what, setup, env in cases():
            if args.only and group not in args.only:
                continue
            argv = setup(work)
            code, rss, seconds, error = measure(binary, argv, work, env, args.timeout)
            rss_text = f"{rss:,.0f} MB" if rss is not None else "—"
            wall_text = f"{seconds:.1f} s" if seconds is not None else "—"
            error = error.replace("|", "\\|")[:140]
            print(f"| {budget} | {what} | {code} | {rss_text} | {wall_text} | {error} |", flush=True)
            for name in os.listdir(work):   # outputs only; inputs are reused by later cases
                if name.endswith((".png", ".svg", ".pdf", "-layout.json")) and not name.startswith(("img", "a.", "b.", "c.", "bomb")):
                    os.remove(os.path.join(work, name))
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
