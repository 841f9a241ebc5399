#!/usr/bin/env python3
"""Linear text work (issue 25 item 7): how render time grows with the characters of one cell.

Renders, with the CLI as separate processes, one-cell documents of N characters (N = 10^3 …
10^6 by default) in these shapes, and prints per shape and N the exit status, the CPU time
(user + system of the child) and the CPU time per 1,000 characters: linear work keeps the last
column flat as N grows tenfold; quadratic work multiplies it by ten.
  italic        "*a* " repeated, Markdown, wrapped in a 600-pt column (one styled span per 4 chars)
  italic-line   the same, unwrapped (one long line over many PNG tiles; past Pango's range: exit 2)
  bold-nested   "***a*** " (bold and italic nested)
  code          "`a` " (code spans: a font family and a background per span)
  links         "[a](https://e.example/) " (a link colour and underline per span)
  strike        "~~a~~ " (a strike line per span)
  stars         "*" N times, unmatched delimiters (CommonMark's classic quadratic case)
  ticks         "`a " repeated, backticks that open and close alternately
  footnotes     N/8 numbered footnotes on the title (generated marks against the cell budget)
  long-word     "x" N times, unwrapped (one unbroken line; past Pango's range: exit 2)
  long-word-wrapped  the same, wrapped in a 600-pt column
  lines         "a\n" repeated in one cell (N/2 paragraphs)
  notes         N/8 footnotes, not on any place (one block of N/8 paragraphs)
A run past --timeout seconds is reported as "timeout". With --bin given more than once (or
--bins A,B), each binary renders each case in turn, side by side in one run, --repeat times;
the median CPU time is printed, with the ratio to the first binary.

usage: scripts/bench-linear-text.py [--bin .build-release/release/gridrender ...] [--sizes 1000,10000,100000,1000000]
                                    [--shapes italic,code,...] [--format png|svg|pdf] [--timeout 60] [--repeat 1]
"""
import argparse, json, os, resource, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHAPES = ["italic", "italic-line", "bold-nested", "code", "links", "strike", "stars", "ticks", "footnotes",
          "long-word", "long-word-wrapped", "lines", "notes"]


def repeat(unit: str, n: int) -> str:
    return (unit * (n // len(unit) + 1))[:n]


def document(shape: str, n: int) -> dict:
    wrapped = {"key": "a", "width": 600, "style": {"markup": "markdown", "wrap": True}}
    line = {"key": "a", "style": {"markup": "markdown"}}
    units = {"italic": "*a* ", "bold-nested": "***a*** ", "code": "`a` ", "links": "[a](https://e.example/) ", "strike": "~~a~~ ",
             "stars": "*", "ticks": "`a "}
    if shape in units:
        unit = units[shape]
        return {"columns": [wrapped], "data": {"rows": [[unit * max(1, n // len(unit))]]}}
    if shape == "italic-line":
        return {"columns": [line], "data": {"rows": [["*a* " * max(1, n // 4)]]}}
    if shape == "footnotes":
        notes = [{"text": "n", "title": True, "columns": ["a"]} for _ in range(max(1, n // 8))]
        return {"canvas": {"width": 800}, "title": "T", "columns": [{"key": "a"}], "data": {"rows": [["x"]]},
                "footnoteMarks": "numbers", "footnotes": notes}
    if shape == "long-word":
        return {"columns": [{"key": "a"}], "data": {"rows": [["x" * n]]}}
    if shape == "lines":
        return {"columns": [{"key": "a"}], "data": {"rows": [["a\n" * max(1, n // 2)]]}}
    if shape == "notes":
        return {"columns": [{"key": "a"}], "data": {"rows": [["x"]]},
                "footnotes": [{"text": "note"} for _ in range(max(1, n // 8))]}
    if shape == "long-word-wrapped":
        return {"columns": [{"key": "a", "width": 600, "style": {"wrap": True}}], "data": {"rows": [["x" * n]]}}
    raise ValueError(shape)


def run(argv, timeout):
    """(exit status or 'timeout', CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        status = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout).returncode
    except subprocess.TimeoutExpired:
        status = "timeout"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return status, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", action="append", default=[])
    parser.add_argument("--bins", default="")
    parser.add_argument("--sizes", default="1000,10000,100000,1000000")
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--format", default="png")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    bins = args.bin + [b for b in args.bins.split(",") if b] or [str(ROOT / ".build-release/release/gridrender")]
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"load average before: {os.getloadavg()[0]:.2f}; medians of {args.repeat}; bins: " +
          ", ".join(f"[{i}] {b}" for i, b in enumerate(bins)))
    print(f"{'shape':<18} {'chars':>9} {'bin':>3} {'exit':>7} {'cpu s':>8} {'ms/1k chars':>12} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as scratch:
        for shape in args.shapes.split(","):
            timed_out = set()
            for n in sizes:
                source = Path(scratch) / f"{shape}-{n}.json"
                source.write_text(json.dumps(document(shape, n)))
                out = Path(scratch) / f"out.{args.format}"
                results = {}
                for _ in range(args.repeat):
                    for i, binary in enumerate(bins):
                        if i in timed_out:
                            continue
                        status, cpu = run([binary, "render", str(source), "-o", str(out)], args.timeout)
                        results.setdefault(i, []).append((cpu, status))
                        if out.exists():
                            out.unlink()
                for i, runs in sorted(results.items()):
                    cpu, status = sorted(runs)[len(runs) // 2]
                    first = sorted(results[0])[len(results[0]) // 2][0] if 0 in results else None
                    ratio = f"{cpu / first:6.2f}" if first and i > 0 else ""
                    print(f"{shape:<18} {n:>9,} {i:>3} {status!s:>7} {cpu:>8.2f} {1000 * cpu / (n / 1000):>12.2f} {ratio:>6}", flush=True)
                    if status == "timeout":
                        timed_out.add(i)   # larger sizes would only time out too


if __name__ == "__main__":
    sys.exit(main())
