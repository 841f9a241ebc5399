#!/usr/bin/env python3
"""Long unbroken words: how render time grows with the length of one word (issue 11).

Renders, with the release CLI as separate processes, one-cell documents whose text is a single
word of N characters (no space, no break opportunity) in four shapes:
  wrap      a 200-point column with `wrap: true` (the word is broken between characters)
  ellipsize a 200-point column, one line, ellipsized at the end
  title     the same word as the title of a 400-point canvas (titles wrap)
  markdown  the wrapped cell with `markup: markdown` and the word in **bold**
to SVG by default (text work dominates: no pixels to fill; --format png also checks that a tall
cell crossing many PNG bands is not laid out again per band), and prints per N the median wall
time and the median CPU time (user + system) of --runs runs, and the ratio of the CPU times to
the smallest N's: near-linear growth means the ratio follows N. CPU time is what to quote on a
loaded machine.

usage: scripts/bench-text.py [--bin .build/release/gridrender] [--lengths 10000,30000,100000] [--runs 5] [--format svg|png|pdf]
"""
import argparse, json, os, resource, statistics, subprocess, sys, tempfile, time
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


def median_times(argv, runs):
    """Median wall and CPU (user + system of the child) seconds."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if p.returncode != 0:
            sys.exit(f"{' '.join(argv)} failed: {p.stderr.decode(errors='replace')[-300:]}")
    return statistics.median(walls), statistics.median(cpus)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=str(ROOT / ".build/release/gridrender"))
    ap.add_argument("--lengths", default="10000,30000,100000")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--format", default="svg", choices=["svg", "png", "pdf"])
    args = ap.parse_args()
    lengths = [int(x) for x in args.lengths.split(",")]
    print(f"load average {os.getloadavg()[0]:.1f}; median of {args.runs} runs; {args.format.upper()} output; wall / CPU seconds")
    print(f"{'shape':<10} " + " ".join(f"{n:>16,}" for n in lengths) + "   CPU ratio to first (length ratio " +
          ", ".join(f"{n / lengths[0]:g}" for n in lengths[1:]) + ")")
    with tempfile.TemporaryDirectory() as tmp:
        for shape in ["wrap", "ellipsize", "title", "markdown"]:
            medians = []
            for n in lengths:
                doc = Path(tmp) / f"{shape}-{n}.json"
                doc.write_text(json.dumps(document(shape, n)))
                out = Path(tmp) / f"{shape}-{n}.{args.format}"
                medians.append(median_times([args.bin, "render", str(doc), "-o", str(out)], args.runs))
            ratios = ", ".join(f"{cpu / medians[0][1]:.1f}" for _, cpu in medians[1:])
            print(f"{shape:<10} " + " ".join(f"{w:>7.3f} / {c:>6.3f}" for w, c in medians) + f"   {ratios}")


if __name__ == "__main__":
    main()
