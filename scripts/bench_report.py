#!/usr/bin/env python3
"""Print the benchmark results of scripts/bench.sh as Markdown (for docs/benchmarks.md). Standard library only.

    python3 scripts/bench_report.py RESULTS.json

RESULTS.json is written by bench_timing.py. The output: the machine line, the table
"| corpus | files | offsetlint | peer | ratio | CPU | peak RSS |" (median wall time of
offsetlint and of the peer, ratio offsetlint/peer of the median wall times, median CPU time
user+sys and median peak RSS, each "offsetlint / peer"), the linearity and pre-commit lines,
the exit codes, the file counts each tool reported, and the pinned inputs (tool versions and
corpus packages with versions and digests).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

MIB = 1024 * 1024


def secs(v: float | None) -> str:
    if v is None:
        return "-"
    return f"{v * 1000:.0f} ms" if v < 1 else f"{v:.2f} s"


def mib_kib(kib: float | None) -> str:
    return "-" if kib is None else f"{kib / 1024:.0f} MiB"


def num(n: int | None) -> str:
    return "n/a" if n is None else f"{n:,}"


def corpus_title(key: str, meta: dict) -> str:
    pkgs = meta.get("packages", [])
    if key == "python":
        names = []
        for p in pkgs:
            if p.get("name") == "cpython-stdlib":
                names.insert(0, f"CPython {p.get('version', '?')} stdlib")
            else:
                names.append(p.get("name", p["dir"]))
        return "Python: " + (" + ".join(names) if names else "?")
    if key == "rust":
        top = [p for p in pkgs if p.get("role") == "top"]
        return (f"Rust: {', '.join(p['name'] for p in top)} and their dependencies "
                f"({len(pkgs)} crates)")
    if key == "java":
        spring = sorted({p.get("version", "?") for p in pkgs
                         if p.get("name", "").startswith("spring-kafka")})
        kafka = sorted({p.get("version", "?") for p in pkgs
                        if not p.get("name", "").startswith("spring-kafka")})
        return (f"Java: Apache Kafka {'/'.join(kafka) or '?'} modules + spring-kafka "
                f"{'/'.join(spring) or '?'} ({len(pkgs)} sources jars)")
    return key


def rc_text(codes: list[int], ok: set[int]) -> str:
    bad = [c for c in codes if c not in ok]
    s = ",".join(str(c) for c in codes) or "-"
    return s + (" **ERROR**" if bad else "")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    res = json.loads(Path(argv[0]).read_text())
    m = res["machine"]
    tools = res.get("tools", {})
    out: list[str] = []
    mem = f", {m['mem_total_bytes'] / 1024 ** 3:.0f} GiB" if m.get("mem_total_bytes") else ""
    out.append(f"Machine: {m['nproc']} cores ({m['cpu_model']}){mem}, {m.get('os', '?')}, "
               f"Linux {m.get('kernel', '?')}; {m['date']}.")
    s = res["settings"]
    run = res.get("meta", {}).get("run", {})
    load = (f" Load average {m['loadavg_at_start'][0]:.2f} at the start, "
            f"{m.get('loadavg_at_end', [float('nan')])[0]:.2f} at the end"
            + (" (**busy machine: noisy numbers**)."
               if max(m["loadavg_at_start"][0], m.get("loadavg_at_end", [0])[0]) > 0.5 * m["nproc"]
               else "."))
    out.append(f"Median of {s['runs']} paired rounds after {s['warmup']} warm-up "
               f"round(s); {tools.get('offsetlint', {}).get('version', 'offsetlint ?')}"
               f" (git {run.get('offsetlint_git', '?')[:12]}).{load}")
    out.append("")
    out.append("| corpus | files | offsetlint | peer | ratio | CPU | peak RSS |")
    out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    notes: list[str] = []
    for key, ext in (("python", ".py"), ("rust", ".rs"), ("java", ".java")):
        c = res.get("corpora", {}).get(key)
        if not c:
            continue
        meta = res.get("meta", {}).get(f"corpus-{key}", {})
        if c.get("skipped"):
            out.append(f"| {corpus_title(key, meta)} | {num(meta.get('files'))} {ext} | "
                       f"skipped | - | - | - | - |")
            notes.append(f"- {key}: not timed: {c['skipped']}.")
            continue
        peer = c["peer"]
        so, sp = c["summary"]["offsetlint"], c["summary"][peer]
        pv = tools.get(peer, {}).get("version", peer)
        size = f" ({meta['bytes'] / MIB:.1f} MiB)" if meta.get("bytes") else ""
        files = meta.get("files")
        peer_what = "`--select RUF006`" if peer == "ruff" else "one pattern"
        ratio = f"{c['ratio_wall']:.2f}x" if c.get("ratio_wall") else "-"
        ol_bad = [c for c in so["exit_codes"] if c not in (0, 1)]
        ol_flag = f" (exit {','.join(map(str, ol_bad))}!)" if ol_bad else ""
        out.append(
            f"| {corpus_title(key, meta)}{size} | {num(files)} {ext} | {secs(so['wall_median'])}{ol_flag} | "
            f"{secs(sp['wall_median'])} ({pv}, {peer_what}) | {ratio} | "
            f"{secs(so['cpu_median'])} / {secs(sp['cpu_median'])} | "
            f"{mib_kib(so['maxrss_kib_median'])} / {mib_kib(sp['maxrss_kib_median'])} |")
        tf = c.get("files", {})
        counts = ", ".join(f"{t} {num(n)}" for t, n in tf.items())
        notes.append(f"- {key}: files found {num(files)}; seen by {counts}. Exit codes: offsetlint "
                     f"{rc_text(so['exit_codes'], {0, 1})}, {peer} "
                     f"{rc_text(sp['exit_codes'], {0} if peer == 'ruff' else {0, 1})}. "
                     f"Paired ratio (median of per-round ratios): "
                     f"{c['ratio_wall_paired_median']:.2f}x.")
    out.append("")
    out.append("offsetlint: `offsetlint check --exit-zero --quiet --select ALL --isolated DIR`; "
               "ruff: `ruff check --no-cache --isolated --select RUF006 --exit-zero DIR`; "
               "ast-grep: `ast-grep run --pattern '$C.commit()' --lang rust DIR` and "
               "`ast-grep run --pattern '$C.commitSync()' --lang java DIR`. "
               "Times are median wall times; ratio = offsetlint / peer; "
               "CPU (user+sys) and peak RSS are offsetlint / peer.")
    lin = res.get("linearity")
    if lin:
        ok = "OK" if lin["ratio_x2_x1"] <= lin["limit"] else "ABOVE LIMIT"
        sx1, sx2 = lin["summary"]["x1"], lin["summary"]["x2"]
        out.append("")
        out.append(f"Linearity (Python corpus twice, {num(lin['files'].get('x2'))} files): "
                   f"{secs(sx2['wall_median'])} vs {secs(sx1['wall_median'])} = "
                   f"**{lin['ratio_x2_x1']:.2f}x** (limit {lin['limit']}x: {ok}); "
                   f"CPU {lin['ratio_x2_x1_cpu']:.2f}x; peak RSS {mib_kib(sx2['maxrss_kib_median'])} "
                   f"vs {mib_kib(sx1['maxrss_kib_median'])}.")
    pc = res.get("precommit")
    if pc:
        sp = pc["summary"]
        ok = "OK" if sp["wall_median"] < pc["target_s"] else "ABOVE TARGET"
        out.append("")
        out.append(f"Pre-commit (5 changed files of a synthetic {num(pc['project']['source_files'])}"
                   f"-file project, {sp['runs']} runs): median **{sp['wall_median'] * 1000:.1f} ms** "
                   f"(min {sp['wall_min'] * 1000:.1f}, max {sp['wall_max'] * 1000:.1f}; target "
                   f"< {pc['target_s'] * 1000:.0f} ms: {ok}); CPU {sp['cpu_median'] * 1000:.1f} ms; "
                   f"peak RSS {mib_kib(sp['maxrss_kib_median'])}; exit codes "
                   f"{rc_text(sp['exit_codes'], {0, 1})}.")
    out.append("")
    out.append("Details:")
    out.extend(notes)
    for key in ("python", "rust", "java"):
        meta = res.get("meta", {}).get(f"corpus-{key}")
        if not meta:
            continue
        pkgs = meta.get("packages", [])
        shown = [p for p in pkgs if key != "rust" or p.get("role") == "top"]
        pk = ", ".join(f"{p.get('name', p['dir'])} {p.get('version', '?')}" for p in shown)
        if len(shown) < len(pkgs):
            pk += f" and {len(pkgs) - len(shown)} dependencies (all in RESULTS.json)"
        std = next((p for p in pkgs if p.get("name") == "cpython-stdlib"), None)
        if std:
            pk += f"; stdlib from {std.get('source', '?')}"
            if std.get("sys_version"):
                pk += f" ({std['sys_version']})"
        out.append(f"- {key} corpus (digest {meta.get('digest', '?')[:16]}): {pk}")
    tv = ", ".join(f"{t['version']}" for t in tools.values())
    out.append(f"- tools: {tv}")
    if res.get("errors"):
        out.append("")
        out.append("**ERRORS** (see the *.stderr files next to the results):")
        out.extend(f"- {e}" for e in res["errors"])
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
