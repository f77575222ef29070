#!/usr/bin/env python3
"""Minimal hyperfine stand-in, used by bench.sh when hyperfine is not installed.

    python3 scripts/bench_timing.py [--runs N] [--warmup W] --export-json OUT \
        -n NAME 'COMMAND' [-n NAME 'COMMAND' ...]

Each command is split with shlex and run without a shell (like `hyperfine --shell=none`),
with stdout/stderr discarded (like hyperfine's default output=null), W times untimed, then
N times timed with time.perf_counter(). Commands are interleaved run by run (A B C A B C ...)
so a slow drift of the machine affects them alike. OUT has hyperfine's JSON shape:
{"results": [{"command", "mean", "stddev", "median", "min", "max", "times", "exit_codes"}]}.
Standard library only.
"""
from __future__ import annotations

import argparse
import json
import shlex
import statistics
import subprocess
import sys
import time


def run_once(argv: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start, proc.returncode


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--export-json", required=True)
    ap.add_argument("-n", "--command-name", action="append", default=[], dest="names")
    ap.add_argument("commands", nargs="+")
    args = ap.parse_args(argv)
    if args.names and len(args.names) != len(args.commands):
        ap.error("give one -n NAME per command")
    names = args.names or args.commands
    cmds = [shlex.split(c) for c in args.commands]

    for _ in range(args.warmup):
        for cmd in cmds:
            run_once(cmd)
    times: list[list[float]] = [[] for _ in cmds]
    codes: list[list[int]] = [[] for _ in cmds]
    for _ in range(args.runs):
        for i, cmd in enumerate(cmds):
            t, rc = run_once(cmd)
            times[i].append(t)
            codes[i].append(rc)

    results = []
    for name, ts, rcs in zip(names, times, codes):
        res = {
            "command": name,
            "mean": statistics.fmean(ts),
            "stddev": statistics.stdev(ts) if len(ts) > 1 else 0.0,
            "median": statistics.median(ts),
            "min": min(ts),
            "max": max(ts),
            "times": ts,
            "exit_codes": rcs,
        }
        results.append(res)
        bad = sorted({rc for rc in rcs if rc != 0})
        print(f"  {name:<14} median {res['median']:.3f} s  mean {res['mean']:.3f} ± {res['stddev']:.3f} s"
              f"  min {res['min']:.3f}  max {res['max']:.3f}  ({args.runs} runs)"
              + (f"  NONZERO EXIT {bad}" if bad else ""))
    with open(args.export_json, "w", encoding="utf-8") as fh:
        json.dump({"results": results}, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
