#!/usr/bin/env python3
"""Paired pre-commit timing of several offsetlint binaries on the synthetic project.

    python3 scripts/bench_precommit_pair.py [--rounds N] BIN [BIN ...]

Runs `BIN check --exit-zero --quiet <the five changed files>` in the project that
`scripts/bench.sh` generates (`.work/corpus/bench-precommit/`, see bench-precommit.json).
Each round runs every binary once, in reverse order every other round, so a change in the
host's load falls on all of them alike; prints each binary's median and minimum wall time.
Standard library only.
"""
import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

WORK = Path(__file__).resolve().parent / ".work" / "corpus"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("binaries", nargs="+")
    args = ap.parse_args()
    meta_path = WORK / "bench-precommit.json"
    if not meta_path.is_file():
        print(f"{meta_path} is missing: run scripts/bench.sh first", file=sys.stderr)
        return 2
    meta = json.loads(meta_path.read_text())
    project = Path(meta["dir"])
    times: dict[str, list[float]] = {b: [] for b in args.binaries}
    for r in range(args.rounds):
        order = args.binaries if r % 2 == 0 else args.binaries[::-1]
        for b in order:
            start = time.perf_counter()
            done = subprocess.run(
                [b, "check", "--exit-zero", "--quiet", *meta["changed"]],
                cwd=project,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            times[b].append(time.perf_counter() - start)
            if done.returncode not in (0, 1):
                print(f"{b} exited {done.returncode}", file=sys.stderr)
                return 3
    for b, ts in times.items():
        print(f"{statistics.median(ts) * 1000:7.1f} ms median  {min(ts) * 1000:7.1f} ms min  {b}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
