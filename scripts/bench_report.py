#!/usr/bin/env python3
"""Print the side-by-side benchmark table for bench.sh.

    python3 scripts/bench_report.py MANIFEST.tsv

MANIFEST.tsv (written by bench.sh) has a header line, then one row per target:
    label  dir  py_find  py_ruff  py_offsetlint  json
py_* are .py file counts (find; `ruff check --show-files`; offsetlint, or "n/a"); json is
a hyperfine (or bench_timing.py) export with commands named ruff-all, ruff-default and
offsetlint. Times are medians in seconds. Standard library only.
"""
from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

TOOLS = ("ruff-all", "ruff-default", "offsetlint")


def load_medians(path: str) -> dict[str, float]:
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return {}
    return {r["command"]: float(r["median"]) for r in data.get("results", [])}


def fmt_s(v: float | None) -> str:
    return "-" if v is None else f"{v:.3f}"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[0], newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))

    header = (f"{'target':<28} {'.py find':>8} {'.py ruff':>8} {'.py OL':>8} "
              f"{'ruff ALL':>9} {'ruff dflt':>9} {'offsetlint':>10} {'OL/dflt':>8} {'OL/ALL':>7} {'OL files/s':>10}")
    lines = ["Median wall time in seconds (lower is better)", header, "-" * len(header)]
    for row in rows:
        med = load_medians(row["json"])
        ra, rd, ol = (med.get(t) for t in TOOLS)
        ratio_d = f"{ol / rd:.2f}x" if ol and rd else "-"
        ratio_a = f"{ol / ra:.2f}x" if ol and ra else "-"
        n = row["py_offsetlint"] if row["py_offsetlint"].isdigit() else row["py_find"]
        rate = f"{int(n) / ol:,.0f}" if ol and n.isdigit() else "-"
        lines.append(f"{row['label']:<28} {row['py_find']:>8} {row['py_ruff']:>8} {row['py_offsetlint']:>8} "
                     f"{fmt_s(ra):>9} {fmt_s(rd):>9} {fmt_s(ol):>10} {ratio_d:>8} {ratio_a:>7} {rate:>10}")
    lines += [
        "",
        "ruff ALL  = ruff check --no-cache --isolated --select ALL --exit-zero -q DIR",
        "ruff dflt = ruff check --no-cache --isolated --exit-zero -q DIR",
        "offsetlint = offsetlint check --exit-zero --quiet DIR",
        (".py OL: files offsetlint reports with `check --show-files` (n/a when unsupported);"
         " OL files/s uses it, else the find count"),
    ]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
