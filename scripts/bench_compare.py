#!/usr/bin/env python3
"""`make bench` part 2: `gridrender compare` beside Python pixelmatch and ImageMagick.

Writes synthetic table-like PNG pairs (deterministic; striped rows, "text" runs of dark pixels,
the second image with a changed block and a one-pixel shift of some runs) and times, as separate
processes, alternating runs, median of --runs:
  decode    gridrender compare A A2  (A2 = A re-encoded: the pixels are decoded and compared,
            every row is equal, so this is the cost of decoding the two files)
  compare   gridrender compare A B --channel-tolerance 0 --threshold 0.1   (pixelmatch's rules)
  diff      the same with --diff (the expected | diff | actual image streamed to a PNG)
  pixelmatch  Python pixelmatch (PyPI `pixelmatch`, a port of mapbox/pixelmatch, in a venv under
            .build/bench-venv) loading both with Pillow, threshold 0.1
  magick    ImageMagick `compare -metric AE A B null:`
Peak memory is the child's ru_maxrss. Python pixelmatch is pure Python, so it runs only on the
small size; ImageMagick's default Debian policy refuses images above 16K pixels per side or
128 MP, so it runs on the small and medium sizes.

usage: scripts/bench_compare.py [--bin .build/release/gridrender] [--runs 3] [--sizes 1000x1000,4000x4000,4000x20000]
"""
import argparse, os, shutil, statistics, struct, subprocess, sys, time, zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".build" / "bench-compare"
VENV = ROOT / ".build" / "bench-venv"


def write_png(path: Path, width: int, height: int, changed: bool, level: int = 6):
    """RGBA rows: a white table with a grey rule every 24 rows and dark 'text' runs."""
    if path.exists():
        return
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    white, rule, ink = b"\xff\xff\xff\xff", b"\xd0\xd4\xdc\xff", b"\x1d\x23\x30\xff"
    blank = b"\x00" + white * width
    ruled = b"\x00" + rule * width
    comp = zlib.compressobj(level)
    parts = []
    for y in range(height):
        band = y % 24
        if band == 0:
            row = ruled
        elif 8 <= band <= 15:
            # "text": runs of ink whose layout depends on the row band, shifted by one pixel in
            # the changed image for one band in 50 (a moved glyph edge).
            seed = (y // 24) * 7919
            shift = 1 if changed and (y // 24) % 50 == 3 else 0
            row = bytearray(blank)
            x = 10 + seed % 13
            while x + 8 < width:
                if (x * 31 + seed + band) % 5 != 0:
                    start = 1 + (x + shift) * 4
                    row[start:start + 6 * 4] = ink * 6
                x += 9 + (x + seed) % 7
            row = bytes(row)
        else:
            row = blank
        if changed and height // 2 <= y < height // 2 + 40:
            r = bytearray(row)
            r[1 + (width // 3) * 4: 1 + (width // 3 + 120) * 4] = b"\xe0\x40\x40\xff" * 120
            row = bytes(r)
        parts.append(comp.compress(row))
    parts.append(comp.flush())
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                    + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b""))
    tmp.rename(path)


def timed(argv):
    """(wall s, peak RSS MiB, stdout) of one child, via wait4."""
    t0 = time.perf_counter()
    # ImageMagick prints its count on standard error, the others on standard output.
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.stdout.close()
    return time.perf_counter() - t0, usage.ru_maxrss / 1024.0, out.decode(errors="replace"), os.waitstatus_to_exitcode(status)


PIXELMATCH_SCRIPT = """
import sys
from PIL import Image
from pixelmatch.contrib.PIL import pixelmatch
a = Image.open(sys.argv[1]).convert("RGBA"); b = Image.open(sys.argv[2]).convert("RGBA")
print(pixelmatch(a, b, threshold=0.1))
"""


def ensure_venv():
    python = VENV / "bin" / "python"
    if python.exists() and subprocess.run([str(python), "-c", "import pixelmatch, PIL"], capture_output=True).returncode == 0:
        return python
    print("bench: creating .build/bench-venv with PyPI pixelmatch and Pillow", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    r = subprocess.run([str(VENV / "bin" / "pip"), "install", "--quiet", "pixelmatch", "pillow"])
    return python if r.returncode == 0 else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=str(ROOT / ".build/release/gridrender"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--sizes", default="1000x1000,4000x4000,4000x20000")
    args = ap.parse_args()
    WORK.mkdir(parents=True, exist_ok=True)
    python = ensure_venv()
    magick = shutil.which("compare")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start")
    print(f"{'size':>11} {'tool':<11} {'median s':>9} {'peak MiB':>9} {'result':>10}  ratio")
    for size in args.sizes.split(","):
        w, h = map(int, size.split("x"))
        a, a2, b = WORK / f"{size}-a.png", WORK / f"{size}-a2.png", WORK / f"{size}-b.png"
        write_png(a, w, h, False)
        write_png(a2, w, h, False, level=1)
        write_png(b, w, h, True)
        diff = WORK / f"{size}-diff.png"
        tools = {
            "decode": [args.bin, "compare", str(a), str(a2)],
            "compare": [args.bin, "compare", str(a), str(b), "--channel-tolerance", "0", "--threshold", "0.1"],
            "diff": [args.bin, "compare", str(a), str(b), "--channel-tolerance", "0", "--threshold", "0.1", "--diff", str(diff)],
        }
        if python and w * h <= 1_000_000:
            script = WORK / "pixelmatch_cli.py"
            script.write_text(PIXELMATCH_SCRIPT)
            tools["pixelmatch"] = [str(python), str(script), str(a), str(b)]
        if magick and w <= 16000 and h <= 16000 and w * h <= 16_000_000:
            tools["magick"] = [magick, "-metric", "AE", str(a), str(b), "null:"]
        samples = {name: [] for name in tools}
        results = {}
        for _ in range(args.runs):
            for name, argv in tools.items():   # alternating, so load drifts hit every tool alike
                wall, rss, out, code = timed(argv)
                samples[name].append((wall, rss))
                results[name] = out.strip().split("\n")[0][:60]
        medians = {name: statistics.median(s[0] for s in v) for name, v in samples.items()}
        for name in tools:
            peak = max(s[1] for s in samples[name])
            ratio = ""
            if name in ("compare", "diff"):
                ratio = f"{medians[name] / medians['decode']:.2f}x decode"
            elif name in ("pixelmatch", "magick"):
                ratio = f"{medians[name] / medians['compare']:.1f}x gridrender compare"
            count = results[name]
            if name in ("compare", "diff"):
                count = count.split(":")[1].split(" of ")[0].strip() if ":" in count else count
            print(f"{size:>11} {name:<11} {medians[name]:9.3f} {peak:9.1f} {count[:10]:>10}  {ratio}")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
