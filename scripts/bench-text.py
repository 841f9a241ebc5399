#!/usr/bin/env python3
"""Long unbroken words: how render time grows with the length of one word (issue 11).

Renders, with the release CLI as separate processes, one-cell documents whose text is a single
word of N characters (no space, no break opportunity) in four shapes:
  wrap      a 200-point column with `wrap: true` (the word is broken between characters)
  ellipsize a 200-point column, one line, ellipsized at the end
  title     the same word as the title of a 400-point canvas (titles wrap)
  markdown  the wrapped cell with `markup: markdown` and the word in **bold**
to SVG (text work dominates: no pixels to fill), and prints the median wall time of --runs runs
per N and the ratio to the smallest N: near-linear growth means the ratio follows N.

usage: scripts/bench-text.py [--bin .build/release/gridrender] [--lengths 10000,30000,100000] [--runs 5]
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def document(shape: str, n: int) -> dict:
    word = "x" * n
    column = {"key": "a", "width": 200}
    if shape == "wrap":
        return {"header": False, "columns": [column], "data": {"rows": [[{"text": word, "style": {"wrap": True}}]]}}
    if shape == "ellipsize":
        return {"header": False, "columns": [column], "data": {"rows": [[word]]}}
    if shape == "title":
        return {"canvas": {"width": 400}, "title": word, "header": False, "columns": [column], "data": {"rows": [["x"]]}}
    if shape == "markdown":
        return {"header": False, "columns": [column], "styles": {"cell": {"markup": "markdown", "wrap": True}},
                "data": {"rows": [["**" + word + "**"]]}}
    raise ValueError(shape)


def median_time(argv, runs):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600)
        times.append(time.perf_counter() - t0)
        if p.returncode != 0:
            sys.exit(f"{' '.join(argv)} failed: {p.stderr.decode(errors='replace')[-300:]}")
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=str(ROOT / ".build/release/gridrender"))
    ap.add_argument("--lengths", default="10000,30000,100000")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    lengths = [int(x) for x in args.lengths.split(",")]
    print(f"load average {os.getloadavg()[0]:.1f}; median of {args.runs} runs; SVG output")
    print(f"{'shape':<10} " + " ".join(f"{n:>12,}" for n in lengths) + "   ratio to first (length ratio " +
          ", ".join(f"{n / lengths[0]:g}" for n in lengths[1:]) + ")")
    with tempfile.TemporaryDirectory() as tmp:
        for shape in ["wrap", "ellipsize", "title", "markdown"]:
            medians = []
            for n in lengths:
                doc = Path(tmp) / f"{shape}-{n}.json"
                doc.write_text(json.dumps(document(shape, n)))
                medians.append(median_time([args.bin, "render", str(doc), "-o", str(Path(tmp) / f"{shape}-{n}.svg")], args.runs))
            ratios = ", ".join(f"{m / medians[0]:.1f}" for m in medians[1:])
            print(f"{shape:<10} " + " ".join(f"{m:>11.3f}s" for m in medians) + f"   {ratios}")


if __name__ == "__main__":
    main()
