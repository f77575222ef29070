#!/usr/bin/env python3
"""Aggregate offsetlint JSON results over the real-code corpus (used by real_code.sh).

    python3 scripts/summarize.py RESULTS_DIR CORPUS_DIR [--prev PREV_RESULTS_DIR]

RESULTS_DIR/<group>/<package>.json    offsetlint's JSON array for that package
RESULTS_DIR/<group>/<package>.meta    "rc=<exit code>" and "ms=<wall time>" lines
RESULTS_DIR/<group>/<package>.stderr  offsetlint's stderr

Prints one row per package (files, Kafka files, exit code, time, findings per rule code),
a total row, and per-rule totals; writes RESULTS_DIR/summary.json and
RESULTS_DIR/findings.txt (one `path:line:col: CODE [rule] message` line per finding, for
triage). With --prev, per-rule totals are compared with an earlier run's summary.json.

The Kafka table covers the "python" and "rust" groups only. When results for the
"precision-python" / "precision-rust" groups exist (code without any Kafka client), they get
a separate section, "precision corpus (no Kafka: every finding is a false positive)", with
its own table, every Kafka-rule finding listed, its own entry "precision" in summary.json and
its own precision_findings.txt (all findings); OL001 (a file that does not parse) is counted
apart there, since it is no Kafka finding.
Exit status: 0 when every run ended with 0 or 1, 1 when any run was a tool error.
Standard library only.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus_stats  # sibling helper, imported after the sys.path tweak

GROUPS = corpus_stats.KAFKA_GROUPS
PRECISION_GROUPS = corpus_stats.PRECISION_GROUPS
PRECISION_TITLE = "precision corpus (no Kafka: every finding is a false positive)"
SYNTAX_CODE = "OL001"
# Rules the catalog does not tie to Kafka in Python (OL203: an asyncio task nobody keeps):
# their findings in the precision corpus are real, not false positives; listed apart.
GENERIC_PYTHON_CODES = {"OL203"}


def read_meta(path: Path) -> dict:
    meta = {}
    if path.is_file():
        for line in path.read_text().splitlines():
            key, _, value = line.partition("=")
            meta[key.strip()] = value.strip()
    return meta


def load_package(results_dir: Path, group: str, pkg_dir: Path) -> dict:
    base = results_dir / group / pkg_dir.name
    meta = read_meta(base.parent / (base.name + ".meta"))
    rc = int(meta["rc"]) if meta.get("rc", "").lstrip("-").isdigit() else None
    row = {
        "group": group,
        "package": pkg_dir.name,
        "rc": rc,
        "ms": int(meta["ms"]) if meta.get("ms", "").isdigit() else None,
        "error": None,
        "findings": [],
    }
    row.update(corpus_stats.package_stats(pkg_dir))
    json_path = base.parent / (base.name + ".json")
    if rc is None:
        row["error"] = "not run"
        return row
    if rc not in (0, 1):
        row["error"] = {124: "timeout"}.get(rc, f"exit {rc}")
    try:
        text = json_path.read_text(encoding="utf-8") if json_path.is_file() else ""
        data = json.loads(text) if text.strip() else []
        if not isinstance(data, list):
            raise TypeError("top-level JSON is not an array")
        row["findings"] = data
    except (ValueError, TypeError, OSError) as exc:
        row["error"] = row["error"] or f"bad JSON: {exc}"
    if row["error"] is None and rc == 1 and not row["findings"]:
        row["error"] = "exit 1 but no findings"
    if row["error"] is None and rc == 0 and row["findings"]:
        row["error"] = "exit 0 but findings"
    return row


def first_stderr_line(results_dir: Path, group: str, package: str) -> str:
    path = results_dir / group / f"{package}.stderr"
    if not path.is_file():
        return ""
    for line in path.read_text(errors="replace").splitlines():
        if line.strip():
            return line.strip()[:160]
    return ""


def render(rows: list[dict], results_dir: Path) -> tuple[str, dict]:
    codes = sorted({f.get("code", "?") for r in rows for f in r["findings"]})
    rule_names: dict[str, str] = {}
    for r in rows:
        r["by_code"] = Counter(f.get("code", "?") for f in r["findings"])
        for f in r["findings"]:
            rule_names.setdefault(f.get("code", "?"), f.get("rule", ""))

    name_w = max([len("package")] + [len(r["group"]) + 1 + len(r["package"]) for r in rows])
    fixed = [("py", 5), ("rs", 4), ("kafka", 5), ("rc", 3), ("ms", 6)]
    code_w = {c: max(len(c), 5) for c in codes}
    header = (f"{'package':<{name_w}} " + " ".join(f"{h:>{w}}" for h, w in fixed) + " "
              + " ".join(f"{c:>{code_w[c]}}" for c in codes) + f" {'total':>6}")
    lines = [header, "-" * len(header)]
    for r in rows:
        rc = "-" if r["rc"] is None else str(r["rc"])
        ms = "-" if r["ms"] is None else str(r["ms"])
        cells = [r["py"], r["rs"], r["kafka_files"], rc, ms]
        line = (f"{r['group'] + '/' + r['package']:<{name_w}} "
                + " ".join(f"{v:>{w}}" for v, (_, w) in zip(cells, fixed)) + " "
                + " ".join(f"{r['by_code'][c] or '.':>{code_w[c]}}" for c in codes)
                + f" {len(r['findings']):>6}")
        if r["error"]:
            line += f"  !! {r['error']}"
        lines.append(line)
    lines.append("-" * len(header))
    totals = Counter()
    for r in rows:
        totals.update(r["by_code"])
    tot_cells = [sum(r["py"] for r in rows), sum(r["rs"] for r in rows),
                 sum(r["kafka_files"] for r in rows), "", sum(r["ms"] or 0 for r in rows)]
    lines.append(f"{'TOTAL':<{name_w}} " + " ".join(f"{v:>{w}}" for v, (_, w) in zip(tot_cells, fixed))
                 + " " + " ".join(f"{totals[c]:>{code_w[c]}}" for c in codes)
                 + f" {sum(totals.values()):>6}")

    # Per-rule totals: how widespread each rule's findings are.
    lines.append("")
    lines.append("Per rule:")
    lines.append(f"  {'code':<7} {'rule':<36} {'findings':>8} {'files':>6} {'packages':>8}")
    per_rule = {}
    for c in codes:
        files = {(r["group"], f.get("path")) for r in rows for f in r["findings"] if f.get("code") == c}
        pkgs = {r["package"] for r in rows if r["by_code"][c]}
        per_rule[c] = {"rule": rule_names.get(c, ""), "findings": totals[c], "files": len(files),
                       "packages": len(pkgs)}
        lines.append(f"  {c:<7} {rule_names.get(c, ''):<36} {totals[c]:>8} {len(files):>6} {len(pkgs):>8}")
    if not codes:
        lines.append("  (no findings)")

    errors = [r for r in rows if r["error"]]
    if errors:
        lines.append("")
        lines.append("Tool problems:")
        for r in errors:
            detail = first_stderr_line(results_dir, r["group"], r["package"])
            lines.append(f"  {r['group']}/{r['package']}: {r['error']}" + (f" -- {detail}" if detail else ""))

    summary = {
        "packages": [
            {k: r[k] for k in ("group", "package", "rc", "ms", "error", "py", "rs", "kafka_files")}
            | {"by_code": dict(r["by_code"]), "findings": len(r["findings"])}
            for r in rows
        ],
        "per_rule": per_rule,
        "total_findings": sum(totals.values()),
    }
    return "\n".join(lines), summary


def compare(summary: dict, prev_path: Path) -> str:
    try:
        prev = json.loads(prev_path.read_text())
    except (OSError, ValueError):
        return ""
    lines = ["", f"Change against the previous run ({prev_path}):"]
    codes = sorted(set(summary["per_rule"]) | set(prev.get("per_rule", {})))
    for c in codes:
        now = summary["per_rule"].get(c, {}).get("findings", 0)
        before = prev.get("per_rule", {}).get(c, {}).get("findings", 0)
        if now != before:
            lines.append(f"  {c:<7} {before:>6} -> {now:<6} ({now - before:+d})")
    if len(lines) == 2:
        lines.append("  no change in per-rule totals")
    return "\n".join(lines)


def render_precision(rows: list[dict], results_dir: Path) -> tuple[str, dict]:
    """The separate precision section: table, per-rule totals and every Kafka-rule finding."""
    table, summary = render(rows, results_dir)
    syntax = sum(r["by_code"][SYNTAX_CODE] for r in rows)
    generic = [e for e in finding_entries(rows)
               if any(f": {c} [" in e[-1] for c in GENERIC_PYTHON_CODES) and ".py:" in e[-1]]
    kafka_rule = summary["total_findings"] - syntax - len(generic)
    lines = ["", "=" * 20 + f" {PRECISION_TITLE} " + "=" * 20, table, ""]
    lines.append(f"False positives of the Kafka rules: {kafka_rule}"
                 f"  (plus {syntax} {SYNTAX_CODE} syntax-error finding(s): files that do not parse,"
                 " no Kafka finding)")
    # Every Kafka-rule finding in full; syntax errors (often many per package, e.g. template
    # files named *.rs) as a count per package. precision_findings.txt has all of them.
    entries = [e for e in finding_entries(rows)
               if f": {SYNTAX_CODE} [" not in e[-1] and e not in generic]
    if entries:
        lines.append("Every Kafka-rule finding:")
        lines.extend("  " + e[-1].replace("\n", " ") for e in entries)
    if generic:
        lines.append(f"Findings of rules not tied to Kafka ({', '.join(sorted(GENERIC_PYTHON_CODES))}"
                     " in Python: not false positives; read them):")
        lines.extend("  " + e[-1].replace("\n", " ") for e in generic)
    for r in rows:
        if r["by_code"][SYNTAX_CODE]:
            files = len({f.get("path") for f in r["findings"] if f.get("code") == SYNTAX_CODE})
            lines.append(f"  {r['group']}/{r['package']}: {r['by_code'][SYNTAX_CODE]} {SYNTAX_CODE} "
                         f"finding(s) in {files} file(s) (listed in precision_findings.txt)")
    summary["kafka_rule_findings"] = kafka_rule
    summary["generic_rule_findings"] = len(generic)
    summary["syntax_error_findings"] = syntax
    return "\n".join(lines), summary


def compare_precision(summary: dict, prev_path: Path) -> str:
    try:
        prev = json.loads(prev_path.read_text()).get("precision")
    except (OSError, ValueError):
        return ""
    if not prev:
        return ""
    before, now = prev.get("kafka_rule_findings", 0), summary.get("kafka_rule_findings", 0)
    change = "no change" if now == before else f"{before} -> {now} ({now - before:+d})"
    return f"\nPrecision corpus, Kafka-rule false positives against the previous run: {change}"


def finding_entries(rows: list[dict]) -> list[tuple]:
    entries = []
    for r in rows:
        for f in r["findings"]:
            entries.append((
                r["group"], str(f.get("path", "?")), int(f.get("line") or 0), int(f.get("column") or 0),
                (f"{r['group']}/{f.get('path', '?')}:{f.get('line', '?')}:{f.get('column', '?')}: "
                 f"{f.get('code', '?')} [{f.get('rule', '')}] {f.get('message', '')}"),
            ))
    entries.sort()
    return entries


def write_findings(rows: list[dict], out: Path) -> None:
    entries = finding_entries(rows)
    out.write_text("".join(e[-1].replace("\n", " ") + "\n" for e in entries), encoding="utf-8")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results_dir", type=Path)
    ap.add_argument("corpus_dir", type=Path)
    ap.add_argument("--prev", type=Path, help="an earlier results dir to compare per-rule totals with")
    args = ap.parse_args(argv)

    rows = []
    for group in GROUPS:
        for pkg_dir in corpus_stats.iter_packages(args.corpus_dir / group):
            rows.append(load_package(args.results_dir, group, pkg_dir))
    if not rows:
        print(f"no packages under {args.corpus_dir}/{{python,rust}}", file=sys.stderr)
        return 1

    table, summary = render(rows, args.results_dir)
    print(table)
    if args.prev:
        print(compare(summary, args.prev / "summary.json"))

    # The precision groups: only the packages that were run (real_code.sh --no-precision
    # leaves no results for them, and then there is no section).
    precision_rows = []
    for group in PRECISION_GROUPS:
        if not (args.results_dir / group).is_dir():
            continue
        for pkg_dir in corpus_stats.iter_packages(args.corpus_dir / group):
            precision_rows.append(load_package(args.results_dir, group, pkg_dir))
    written = ["summary.txt", "findings.txt"]
    if precision_rows:
        section, precision_summary = render_precision(precision_rows, args.results_dir)
        print(section)
        if args.prev:
            print(compare_precision(precision_summary, args.prev / "summary.json"))
        summary["precision"] = precision_summary
        table += "\n" + section
        write_findings(precision_rows, args.results_dir / "precision_findings.txt")
        written.append("precision_findings.txt")

    (args.results_dir / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    write_findings(rows, args.results_dir / "findings.txt")
    (args.results_dir / "summary.txt").write_text(table + "\n")
    print(f"\nwrote {args.results_dir / 'summary.json'}, {', '.join(written)}")
    return 1 if any(r["error"] for r in rows + precision_rows) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
