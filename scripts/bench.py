#!/usr/bin/env python3
"""gridrender's own benchmark (`make bench`): throughput and a scaling table.

Renders synthetic `people` tables (8 columns: id, name, city, date, integer, money, ratio,
status; the same shape as ../shared/bench/data) of 100, 1,000, 10,000 and 100,000 rows to PNG,
SVG and PDF with the release CLI, as separate processes (start-up included), and reports for each:
the median wall time of --runs runs, peak resident memory (the child's ru_maxrss), cells/s and,
for PNG, pixels/s. Times are wall-clock on whatever else the machine is doing: run it on a quiet
machine, or read the ratios rather than the absolute numbers.

Then a thread-scaling table: 1,000 / 10,000 / 100,000 rows in each format with
GRIDRENDER_THREADS = 1, 2 and all CPUs (alternating runs), wall time, CPU time and peak memory,
beside the C baseline where it can run (up to 10,000 rows; it cannot write a PNG over 32,767 px),
and, up to 10,000 rows, the serial fraction read from `--timings` traces
(scripts/timings-summary.py): the time a 2-thread render has at most one thread working, over
the 1-thread render's time (issue 28).

usage: scripts/bench.py [--bin .build/release/gridrender] [--rows 100,1000,10000,100000]
                        [--formats png,svg,pdf] [--runs 3] [--peers] [--threads 1,2,all]
                        [--scaling-rows 1000,10000,100000] [--no-scaling]
--peers also times the C + Cairo + Pango baseline (../shared/bench/baseline/table.c) and
matplotlib's table (../shared/bench/peers/mpl_table.py) on the same files, alternating runs.
"""
import argparse, os, random, statistics, struct, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "bench"

FIRST = ["Ada", "Grace", "Linus", "Margaret", "Dennis", "Barbara", "Ken", "Frances",
         "Edsger", "Donald", "Radia", "Tim", "Sophie", "Alan", "Hedy", "Niklaus"]
LAST = ["Lovelace", "Hopper", "Torvalds", "Hamilton", "Ritchie", "Liskov", "Thompson", "Allen",
        "Dijkstra", "Knuth", "Perlman", "Berners-Lee", "Wilson", "Turing", "Lamarr", "Wirth"]
CITIES = ["Zürich", "São Paulo", "Kraków", "Reykjavík", "Tōkyō", "Montréal", "Cape Town",
          "Wellington", "Oslo", "Austin"]
COLUMNS = 8


def make_csv(rows: int, path: Path) -> Path:
    """Deterministic data (seed 7), written once and reused."""
    if path.exists():
        return path
    rng = random.Random(7)
    lines = ["id,name,city,joined,score,balance,ratio,status"]
    for i in range(1, rows + 1):
        lines.append(",".join([
            str(i), f"{rng.choice(FIRST)} {rng.choice(LAST)}", rng.choice(CITIES),
            f"20{rng.randint(10, 25):02d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
            str(rng.randint(0, 1000)), f"{rng.uniform(-5000, 250000):.2f}", f"{rng.random():.3f}",
            rng.choice(["active", "paused", "closed", "pending review"])]))
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.rename(path)
    return path


def run_once(argv, env=None, cpu=None):
    """(wall seconds, peak RSS MiB, exit code, stderr tail) of one child process; `cpu`, a list,
    gets its CPU time (user + system seconds) appended."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         env=None if env is None else {**os.environ, **env})
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    err = p.stderr.read().decode(errors="replace")[-300:]
    p.stderr.close()
    if cpu is not None:
        cpu.append(usage.ru_utime + usage.ru_stime)
    return wall, usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status), err


def png_size(path: Path):
    with open(path, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])


def build_baseline() -> Path:
    exe = Path(tempfile.gettempdir()) / "table-baseline"
    src = SHARED / "baseline" / "table.c"
    if exe.exists() and exe.stat().st_mtime > src.stat().st_mtime:
        return exe
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "pangocairo", "cairo-svg", "cairo-pdf", "cairo-png"],
                           check=True, capture_output=True, text=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", str(exe), str(src), *flags], check=True)
    return exe


def fmt_rate(x):
    for unit, div in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= div:
            return f"{x / div:.2f} {unit}"
    return f"{x:.0f} "


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=str(ROOT / ".build/release/gridrender"))
    ap.add_argument("--rows", default="100,1000,10000,100000")
    ap.add_argument("--formats", default="png,svg,pdf", help="png@S renders PNG at --scale S")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--data", default=str(ROOT / ".build/bench-data"))
    ap.add_argument("--peers", action="store_true", help="also time the C baseline and matplotlib")
    ap.add_argument("--threads", default="1,2,all", help="GRIDRENDER_THREADS values of the scaling table")
    ap.add_argument("--scaling-rows", default="1000,10000,100000")
    ap.add_argument("--no-scaling", action="store_true", help="skip the thread-scaling table")
    args = ap.parse_args()

    data = Path(args.data); data.mkdir(parents=True, exist_ok=True)
    out = Path(tempfile.mkdtemp(prefix="gridrender-bench-"))
    rows_list = [int(r) for r in args.rows.split(",")]
    formats = args.formats.split(",")
    peers = {}
    if args.peers:
        peers["C baseline"] = lambda csv, o: [str(build_baseline()), str(csv), str(o)]
        peers["matplotlib"] = lambda csv, o: [sys.executable, str(SHARED / "peers" / "mpl_table.py"), str(csv), str(o)]
    def ours(csv, o):
        scale = o.stem.split("@")[1] if "@" in o.stem else None
        return [args.bin, "render", str(csv), "-o", str(o)] + (["--scale", scale] if scale else [])
    tools = {"gridrender": ours, **peers}

    results = {}   # (tool, rows, fmt) -> (median s, peak MiB, pixels or None, note)
    for rows in rows_list:
        csv = make_csv(rows, data / f"people-{rows}.csv")
        for fmt in formats:
            ext, _, scale = fmt.partition("@")
            suffix = f"@{scale}" if scale else ""
            cmds = {name: make(csv, out / f"{name.replace(' ', '_')}-{rows}{suffix}.{ext}") for name, make in tools.items()}
            if scale:
                cmds = {"gridrender": cmds["gridrender"]}   # the peers have no scale option in common
            if "C baseline" in cmds and rows > 10000:
                cmds.pop("C baseline")   # keeps `--peers` to minutes, not tens of minutes
            if "matplotlib" in cmds and rows > 1000:
                # matplotlib's Agg canvas stops at 2^16 px per side (10,000 rows is 3,000 inches).
                cmds.pop("matplotlib")
            times = {n: [] for n in cmds}; peaks = {n: [] for n in cmds}; notes = {n: "" for n in cmds}
            big = rows >= 100000   # one run, no warm-up: tens of seconds each
            if not big:
                for name, cmd in cmds.items():
                    run_once(cmd)  # warm-up (page cache, font cache)
            for _ in range(1 if big else args.runs):
                for name, cmd in cmds.items():   # alternate tools within each round
                    wall, rss, code, err = run_once(cmd)
                    if code != 0:
                        notes[name] = f"exit {code}: {err.strip()[:120]}"
                    times[name].append(wall); peaks[name].append(rss)
            for name, cmd in cmds.items():
                px = None
                if ext == "png" and not notes[name]:
                    w, h = png_size(Path(next(a for a in cmd if a.endswith(".png"))))
                    px = w * h
                results[(name, rows, fmt)] = (statistics.median(times[name]), max(peaks[name]), px, notes[name])
            print(f"  measured {rows} rows → {fmt}", file=sys.stderr, flush=True)

    print(f"gridrender benchmark: {args.bin}, median of {args.runs} runs per cell (1 run at ≥ 100,000 rows), one process per run "
          f"(start-up included), {os.cpu_count()} CPUs")
    print()
    print("Throughput (gridrender)")
    print()
    print("| workload | time s | cells/s | pixels/s | peak MiB |")
    print("|---|---|---|---|---|")
    for rows in rows_list:
        for fmt in formats:
            t, m, px, note = results[("gridrender", rows, fmt)]
            if t != t:   # not run
                print(f"| people-{rows} → {fmt} | – | – | – | – | {note}")
                continue
            cells = (rows + 1) * COLUMNS
            pixels = f"{fmt_rate(px / t)}px/s" if px else "–"
            print(f"| people-{rows} → {fmt} | {t:.3f} | {fmt_rate(cells / t)}cells/s | {pixels} | {m:.0f} |"
                  + (f" {note}" if note else ""))
    print()
    print("Scaling (gridrender): time per 1,000 rows should stay flat (linear time); PNG memory flat")
    print()
    print("| format | " + " | ".join(f"{r} rows: s / MiB" for r in rows_list) + " | ms per 1k rows (largest) |")
    print("|---|" + "---|" * (len(rows_list) + 1))
    for fmt in formats:
        cells = []
        for rows in rows_list:
            t, m, _, note = results[("gridrender", rows, fmt)]
            cells.append(note if t != t else f"{t:.3f} / {m:.0f}" + (" (failed)" if note else ""))
        done = [r for r in rows_list if results[("gridrender", r, fmt)][0] == results[("gridrender", r, fmt)][0]]
        t_big = results[("gridrender", done[-1], fmt)][0] if done else float("nan")
        print(f"| {fmt} | " + " | ".join(cells) + f" | {1000 * 1000 * t_big / done[-1]:.1f} ({done[-1]} rows) |" if done else " | – |")
    if peers:
        print()
        print("Side by side (median s / peak MiB; ratio = gridrender ÷ peer, of medians)")
        print()
        names = list(tools)
        print("| workload | " + " | ".join(names) + " | " + " | ".join(f"÷ {n}" for n in names[1:]) + " |")
        print("|---|" + "---|" * (2 * len(names) - 1))
        for rows in rows_list:
            for fmt in formats:
                if "@" in fmt or not any((n, rows, fmt) in results for n in names[1:]):
                    continue
                row = []
                for n in names:
                    r = results.get((n, rows, fmt))
                    row.append("–" if r is None or r[0] != r[0] else ("fails" if r[3] else f"{r[0]:.3f} / {r[1]:.0f}"))
                ours = results[("gridrender", rows, fmt)][0]
                ratios = []
                for n in names[1:]:
                    r = results.get((n, rows, fmt))
                    ratios.append("–" if r is None or r[3] or ours != ours else f"{ours / r[0]:.2f}")
                print(f"| people-{rows} → {fmt} | " + " | ".join(row) + " | " + " | ".join(ratios) + " |")
    if not args.no_scaling:
        thread_scaling(args, data, out)


def thread_scaling(args, data: Path, out: Path):
    """Wall time, CPU time and peak memory with GRIDRENDER_THREADS = each of --threads, beside the
    C baseline (≤ 10,000 rows), alternating runs; median of --runs (1 run at ≥ 100,000 rows)."""
    cpus = os.cpu_count() or 1
    threads = []
    for t in args.threads.split(","):
        n = cpus if t == "all" else int(t)
        if n not in threads:
            threads.append(n)
    c = build_baseline()
    rows_list = [int(r) for r in args.scaling_rows.split(",")]
    print()
    print(f"Thread scaling (GRIDRENDER_THREADS = {', '.join(map(str, threads))}; {cpus} CPUs; median wall s, "
          f"CPU s in brackets, peak MiB; ratio = gridrender at {threads[-1]} threads ÷ C)")
    print()
    print("| workload | C | " + " | ".join(f"{t} thread{'s' if t > 1 else ''}" for t in threads)
          + f" | peak MiB ({' → '.join(map(str, threads))}) | ÷ C wall | ÷ C CPU | {threads[0]} → {threads[min(1, len(threads) - 1)]} threads | serial |")
    print("|---|---|" + "---|" * (len(threads) + 5))
    for rows in rows_list:
        csv = make_csv(rows, data / f"people-{rows}.csv")
        for fmt in ("png", "svg", "pdf"):
            cmds = {t: ([args.bin, "render", str(csv), "-o", str(out / f"threads-{t}-{rows}.{fmt}")], {"GRIDRENDER_THREADS": str(t)})
                    for t in threads}
            if rows <= 10000 and not (fmt == "png" and rows * 22 > 32767):
                cmds["C"] = ([str(c), str(csv), str(out / f"c-{rows}.{fmt}")], None)
            big = rows >= 100000
            walls = {k: [] for k in cmds}; cpu = {k: [] for k in cmds}; peaks = {k: [] for k in cmds}; notes = {k: "" for k in cmds}
            if not big:
                for argv, env in cmds.values():
                    run_once(argv, env)   # warm-up
            for _ in range(1 if big else args.runs):
                for k, (argv, env) in cmds.items():
                    wall, rss, code, err = run_once(argv, env, cpu[k])
                    walls[k].append(wall); peaks[k].append(rss)
                    if code != 0:
                        notes[k] = f"exit {code}"
            med = {k: statistics.median(v) for k, v in walls.items()}
            mcpu = {k: statistics.median(v) for k, v in cpu.items()}
            def cell(k):
                return "fails" if notes[k] else f"{med[k]:.3f} [{mcpu[k]:.2f}]"
            last = threads[-1]
            has_c = "C" in cmds and not notes["C"]
            ratio = f"{med[last] / med['C']:.2f}" if has_c else "–"
            cratio = f"{mcpu[last] / mcpu['C']:.2f}" if has_c else "–"
            second = threads[min(1, len(threads) - 1)]
            print(f"| people-{rows} → {fmt} | " + (cell("C") if "C" in cmds else "–") + " | "
                  + " | ".join(cell(t) for t in threads) + " | "
                  + " → ".join(f"{max(peaks[t]):.0f}" for t in threads)
                  + f" | {ratio} | {cratio} | {med[second] / med[threads[0]]:.2f} | {serial_fraction(args, csv, out, fmt) if rows <= 10000 else '–'} |")
            print(f"  scaling: {rows} rows → {fmt}", file=sys.stderr, flush=True)


def serial_fraction(args, csv: Path, out: Path, fmt: str) -> str:
    """The serial fraction of one render (issue 28), from a 1-thread and a 2-thread `--timings`
    trace (median of --runs pairs): e.g. "7.9 %"."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("timings_summary", ROOT / "scripts" / "timings-summary.py")
    summary = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(summary)
    fractions = []
    for _ in range(args.runs):
        traces = {}
        for t in (1, 2):
            trace = out / f"timings-{t}.json"
            _, _, code, err = run_once([args.bin, "render", str(csv), "-o", str(out / f"timings.{fmt}"), "--timings", str(trace)],
                                       {"GRIDRENDER_THREADS": str(t)})
            if code != 0:
                return f"fails ({err.strip()[-60:]})"
            traces[t], _ = summary.load(trace)
        fractions.append(summary.serial_fraction(traces[2], traces[1]))
    return f"{statistics.median(fractions) * 100:.1f} %"


if __name__ == "__main__":
    main()
