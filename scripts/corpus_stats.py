#!/usr/bin/env python3
"""Per-package file counts and Kafka-client usage counts for the real-code corpus.

    python3 scripts/corpus_stats.py [--check] [--json] GROUP_DIR...

GROUP_DIR is e.g. scripts/.work/corpus/python; each sub-directory is one package.
Counts .py, .rs and .java files, and how many of them use a Kafka client:

    ck   Python files importing confluent_kafka
    aio  Python files importing aiokafka
    kp   Python files importing kafka (kafka-python; `kafka_utils` etc. do not count)
    rdk  Rust files naming rdkafka:: (or `extern crate rdkafka`)
    jk   Java files importing org.apache.kafka.* or org.springframework.kafka.*, or declared
         in one of those packages (Kafka's own sources name their package, not an import)

Hidden directories and __pycache__ are skipped, like the linter's walker (the `ignore`
crate) does by default.  --check exits 1 when a package of a "python", "rust" or "java" group has
no Kafka usage at all, or when a package of a "precision-*" group (code that must NOT use
Kafka, so that every finding in it is a false positive) does use a Kafka client.  Standard
library only; also imported by summarize.py.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

# An import statement at the start of a (possibly indented) line: function-local and
# try/except imports count too.
PY_IMPORT = {
    client: re.compile(
        rf"^[ \t]*(?:from[ \t]+{mod}(?:\.[\w.]+)?[ \t]+import\b|import[ \t]+{mod}\b(?![\w]))",
        re.MULTILINE,
    )
    for client, mod in (("ck", "confluent_kafka"), ("aio", "aiokafka"), ("kp", "kafka"))
}
RS_USE = re.compile(r"\brdkafka::|\bextern[ \t]+crate[ \t]+rdkafka\b")
JAVA_USE = re.compile(r"^[ \t]*(?:import|package)[ \t]+(?:static[ \t]+)?org\.(?:apache|springframework)\.kafka\.",
                      re.MULTILINE)

SKIP_DIRS = {"__pycache__"}
KAFKA_GROUPS = ("python", "rust")
JAVA_GROUPS = ("java",)  # not run by real_code.sh (no Java front end yet): bench.sh only
PRECISION_GROUPS = ("precision-python", "precision-rust")
MARKER = ".corpus-ok"


def iter_packages(group_dir: Path):
    """Package directories of a group, sorted; unfinished `.partial` unpacks are skipped."""
    if not group_dir.is_dir():
        return []
    return sorted(
        p for p in group_dir.iterdir()
        if p.is_dir() and not p.name.startswith(".") and not p.name.endswith(".partial")
    )


def iter_source_files(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in SKIP_DIRS)
        for name in sorted(filenames):
            if name.endswith((".py", ".rs", ".java")) and not name.startswith("."):
                yield Path(dirpath) / name


def package_stats(pkg_dir: Path) -> dict:
    stats = {"py": 0, "rs": 0, "java": 0, "ck": 0, "aio": 0, "kp": 0, "rdk": 0, "jk": 0,
             "kafka_files": 0}
    for path in iter_source_files(pkg_dir):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        uses = False
        if path.suffix == ".py":
            stats["py"] += 1
            for client, pattern in PY_IMPORT.items():
                if pattern.search(text):
                    stats[client] += 1
                    uses = True
        elif path.suffix == ".rs":
            stats["rs"] += 1
            if RS_USE.search(text):
                stats["rdk"] += 1
                uses = True
        else:
            stats["java"] += 1
            if JAVA_USE.search(text):
                stats["jk"] += 1
                uses = True
        stats["kafka_files"] += uses
    return stats


def collect(group_dirs: list[Path]) -> list[dict]:
    rows = []
    for group_dir in group_dirs:
        for pkg in iter_packages(group_dir):
            row = {"group": group_dir.name, "package": pkg.name, "path": str(pkg)}
            row.update(package_stats(pkg))
            rows.append(row)
    return rows


COLUMNS = ("py", "rs", "java", "kafka_files", "ck", "aio", "kp", "rdk", "jk")


def format_table(rows: list[dict]) -> str:
    width = max([len("group/package")] + [len(r["group"]) + 1 + len(r["package"]) for r in rows])
    cw = {c: max(len(c), 5) for c in COLUMNS}
    header = f"{'group/package':<{width}} " + " ".join(f"{c:>{cw[c]}}" for c in COLUMNS)
    lines = [header, "-" * len(header)]
    for r in rows:
        name = f"{r['group']}/{r['package']}"
        lines.append(f"{name:<{width}} " + " ".join(f"{r[c]:>{cw[c]}}" for c in COLUMNS))
    lines.append("-" * len(header))
    lines.append(f"{'TOTAL':<{width}} " + " ".join(f"{sum(r[c] for r in rows):>{cw[c]}}" for c in COLUMNS))
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("group_dirs", nargs="+", type=Path)
    ap.add_argument("--check", action="store_true",
                    help="fail if a python/rust/java package has no Kafka usage or a precision-* package has some")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)

    rows = collect(args.group_dirs)
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print("Corpus files (kafka_files = files using a Kafka client; ck/aio/kp/rdk/jk = per client)")
        print(format_table(rows))

    if args.check:
        bad = [r for r in rows
               if r["group"] in KAFKA_GROUPS + JAVA_GROUPS and r["kafka_files"] == 0]
        for r in bad:
            print(f"CHECK FAILED: {r['group']}/{r['package']} has no Kafka client usage", file=sys.stderr)
        leaky = [r for r in rows if r["group"] in PRECISION_GROUPS and r["kafka_files"] > 0]
        for r in leaky:
            print(f"CHECK FAILED: {r['group']}/{r['package']} is a precision (no-Kafka) package but "
                  f"{r['kafka_files']} file(s) use a Kafka client", file=sys.stderr)
        if bad or leaky:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
