#!/usr/bin/env python3
"""Reads `gridrender render --timings FILE` traces (Chrome trace-event JSON) and prints where the
time went.

usage: scripts/timings-summary.py TRACE [--one-thread TRACE1] [--json]

For TRACE: the coverage (main-thread top-level spans over the root `gridrender render` span),
then the critical path phase by phase: each top-level phase of the main thread with its
length, the CPU time every thread worked in it, and the chain of work that ends it, walked
back from the phase's end through whichever thread worked last (fork/join: a phase ends when
its slowest thread does).

With --one-thread TRACE1 (the same render with GRIDRENDER_THREADS=1) it prints the serial
fraction of issue 28: the time during which at most one thread works in TRACE (a 2-thread
render) over TRACE1's render time.

A thread works while its innermost open span is not a wait (category "wait"); the main
thread also works in gaps between its spans (code without a span of its own), other threads
do not. --json prints the numbers as one JSON object instead of tables.
"""
import argparse, json, sys
from collections import defaultdict


def load(path):
    """The complete events of a trace, and the thread names."""
    with open(path, encoding="utf-8") as f:
        events = json.load(f)["traceEvents"]
    spans = [e for e in events if e.get("ph") == "X"]
    names = {e["tid"]: e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
    return spans, names


def root(spans):
    return next(s for s in spans if s["cat"] == "process" and s["tid"] == 0)


def top_level(spans):
    """The main thread's spans directly under the root, in order."""
    main = sorted((s for s in spans if s["tid"] == 0 and s["cat"] != "process"), key=lambda s: (s["ts"], -s["dur"]))
    out, end = [], -1
    for s in main:
        if s["ts"] >= end:
            out.append(s)
            end = s["ts"] + s["dur"]
    return out


def coverage(spans):
    r = root(spans)
    return sum(s["dur"] for s in top_level(spans)) / r["dur"] if r["dur"] else 1.0


def innermost(spans_of_thread):
    """(start, end, span) pieces of one thread, each with the innermost span open over it."""
    out, stack = [], []
    t = None

    def emit(until):
        nonlocal t
        if stack and t is not None and until > t:
            out.append((t, until, stack[-1]))
        t = until if t is None or until > t else t

    for s in sorted(spans_of_thread, key=lambda s: (s["ts"], -s["dur"])):
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= s["ts"]:
            emit(stack[-1]["ts"] + stack[-1]["dur"])
            stack.pop()
        emit(s["ts"])
        stack.append(s)
    while stack:
        emit(stack[-1]["ts"] + stack[-1]["dur"])
        stack.pop()
    return out


def busy(spans):
    """tid → [(start, end, name)] where the thread works."""
    by_tid = defaultdict(list)
    for s in spans:
        by_tid[s["tid"]].append(s)
    out = {}
    for tid, ss in by_tid.items():
        pieces = []
        for a, b, s in innermost(ss):
            if s["cat"] == "wait" or (s["cat"] == "process" and tid != 0):
                continue
            pieces.append((a, b, "(main, no span)" if s["cat"] == "process" else s["name"]))
        out[tid] = pieces
    return out


def parallel_time(spans, at_least=2):
    """Microseconds of the root span during which at least `at_least` threads work."""
    r = root(spans)
    edges = []
    for pieces in busy(spans).values():
        for a, b, _ in pieces:
            a, b = max(a, r["ts"]), min(b, r["ts"] + r["dur"])
            if b > a:
                edges += [(a, 1), (b, -1)]
    edges.sort()
    total, level, last = 0, 0, None
    for t, d in edges:
        if last is not None and level >= at_least:
            total += t - last
        level += d
        last = t
    return total


def serial_fraction(two, one):
    """Issue 28: time of `two` (a 2-thread render) with at most one thread working, over the
    render time of `one` (the 1-thread render)."""
    r2, r1 = root(two), root(one)
    return (r2["dur"] - parallel_time(two)) / r1["dur"]


def critical_path(spans, phase):
    """The chain of work that ends `phase`, walked back from its end: at each step the work
    piece (any thread) that ends last before the current time. [(tid, name, µs)], and idle µs."""
    start, end = phase["ts"], phase["ts"] + phase["dur"]
    pieces = [(max(a, start), min(b, end), tid, name) for tid, ps in busy(spans).items()
              for a, b, name in ps if b > start and a < end]
    chain, idle, t = [], 0, end
    while t > start:
        before = [p for p in pieces if p[0] < t]
        if not before:
            idle += t - start
            break
        # The piece that works latest before t; the main thread first of equals.
        a, b, tid, name = max(before, key=lambda p: (min(p[1], t), p[2] == 0))
        b = min(b, t)
        idle += t - b
        chain.append((tid, name, b - a))
        t = a
    return chain, idle


def summary(spans, names):
    r = root(spans)
    phases = []
    work = busy(spans)
    for p in top_level(spans):
        s, e = p["ts"], p["ts"] + p["dur"]
        cpu = defaultdict(int)
        for tid, ps in work.items():
            for a, b, _ in ps:
                if min(b, e) > max(a, s):
                    cpu[tid] += min(b, e) - max(a, s)
        chain, idle = critical_path(spans, p)
        along = defaultdict(int)
        for tid, name, us in chain:
            along[(names.get(tid, f"thread {tid}"), name)] += us
        phases.append({"phase": p["name"], "count": 1, "start_ms": s / 1000, "ms": p["dur"] / 1000,
                       "cpu_ms": {names.get(t, f"thread {t}"): v / 1000 for t, v in sorted(cpu.items())},
                       "critical": {k: v / 1000 for k, v in along.items()}, "idle_ms": idle / 1000})
    return {"render_ms": r["dur"] / 1000, "coverage": coverage(spans),
            "parallel_ms": parallel_time(spans) / 1000, "phases": merged(phases)}


def merged(phases):
    """Top-level spans of one name (a PDF's pages, an SVG's chunks) as one row, in the order of
    their first: counts, times, CPU and critical path added up."""
    rows = {}
    for p in phases:
        row = rows.setdefault(p["phase"], {"phase": p["phase"], "count": 0, "start_ms": p["start_ms"], "ms": 0.0,
                                           "cpu_ms": defaultdict(float), "critical": defaultdict(float), "idle_ms": 0.0})
        row["count"] += 1
        row["ms"] += p["ms"]
        row["idle_ms"] += p["idle_ms"]
        for k, v in p["cpu_ms"].items():
            row["cpu_ms"][k] += v
        for k, v in p["critical"].items():
            row["critical"][k] += v
    out = []
    for row in rows.values():
        row["cpu_ms"] = dict(row["cpu_ms"])
        row["critical"] = [{"thread": k[0], "work": k[1], "ms": v} for k, v in sorted(row["critical"].items(), key=lambda kv: -kv[1])]
        out.append(row)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trace")
    ap.add_argument("--one-thread", help="the same render's trace with GRIDRENDER_THREADS=1")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    spans, names = load(args.trace)
    out = summary(spans, names)
    if args.one_thread:
        one, _ = load(args.one_thread)
        out["one_thread_ms"] = root(one)["dur"] / 1000
        out["serial_fraction"] = serial_fraction(spans, one)
    if args.json:
        print(json.dumps(out, indent=1))
        return
    print(f"render {out['render_ms']:.1f} ms; main-thread phases cover {out['coverage'] * 100:.1f} %; "
          f"two or more threads work {out['parallel_ms']:.1f} ms")
    if "serial_fraction" in out:
        print(f"serial fraction {out['serial_fraction'] * 100:.1f} % "
              f"(at most one thread working, over the 1-thread render's {out['one_thread_ms']:.1f} ms)")
    print()
    print("| phase (× spans) | ms | CPU ms by thread | critical path (thread: work ms) |")
    print("|---|---|---|---|")
    for p in out["phases"]:
        cpu = ", ".join(f"{t} {v:.1f}" for t, v in p["cpu_ms"].items() if v >= 0.05) or "–"
        crit = ", ".join(f"{c['thread']}: {c['work']} {c['ms']:.1f}" for c in p["critical"][:3] if c["ms"] >= 0.05)
        if p["idle_ms"] >= 0.05:
            crit += f"{', ' if crit else ''}idle {p['idle_ms']:.1f}"
        times = f" × {p['count']}" if p["count"] > 1 else ""
        print(f"| {p['phase']}{times} | {p['ms']:.1f} | {cpu} | {crit or '–'} |")


if __name__ == "__main__":
    sys.exit(main())
