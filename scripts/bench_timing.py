#!/usr/bin/env python3
"""Paired timing of offsetlint against a peer tool, for scripts/bench.sh. Standard library only.

    bench_timing.py --offsetlint BIN --out RESULTS.json [--runs N] [--warmup W]
        [--python-corpus DIR --ruff RUFF] [--rust-corpus DIR --ast-grep AST_GREP]
        [--java-corpus DIR --ast-grep AST_GREP] [--linearity-corpus DIR_X2] [--precommit-meta JSON [--precommit-runs M]]
        [--meta KEY=FILE.json ...] [--cwd DIR] [--timeout S]

Commands (argv lists, no shell; stdout to /dev/null, stderr to a file under the results
directory, so that the cost of formatting findings is in the numbers but not a terminal's):
  offsetlint  BIN check --exit-zero --quiet --select ALL [--isolated] DIR
              (--isolated when `check --help` offers it: no configuration file is read)
  ruff        RUFF check --no-cache --isolated --select RUF006 --exit-zero DIR
  ast-grep    AST_GREP run --pattern '$C.commit()' --lang rust DIR
              AST_GREP run --pattern '$C.commitSync()' --lang java DIR (the Java corpus)
Every command runs in --cwd (an empty directory), with absolute paths.

Measurement: a child is started with subprocess.Popen and reaped with os.wait4, which returns
that child's own resource usage: wall time is time.perf_counter() around start and reap;
CPU time is ru_utime + ru_stime; peak memory is ru_maxrss (KiB on Linux). Children of the
child that it waited for are included (neither tool is expected to spawn any).

Schedule per corpus: W warm-up rounds (not recorded), then N rounds of the pair
(offsetlint, peer); odd rounds run the peer first, so neither tool always runs second.
Reported per tool: median wall, median CPU, median and max peak RSS, exit codes; and the
ratio offsetlint/peer of the median wall times (plus the median of the per-round ratios).

Extra measurements:
  linearity  offsetlint on the Python corpus (x1) and on a directory holding two copies of it
             (x2), N paired rounds as above; ratio = median(x2) / median(x1), target <= 2.1.
  precommit  offsetlint on the five "changed" files of the synthetic 10,000-file project,
             run from the project's root with its pyproject.toml ([tool.offsetlint]); no
             --isolated, as a pre-commit hook would run it: BIN check --exit-zero --quiet
             --select ALL FILE...; W warm-up runs, then M runs; target: median well under 100 ms.

File counts: `find` (from the corpus manifest), `offsetlint check --show-files`, `ruff check
--show-files`, and ast-grep's `--inspect summary` (scannedFileCount), each run once, untimed.
The Java corpus is timed only when `offsetlint check --show-files` lists .java files there: an
offsetlint without a Java front end lints nothing in it, and its time would mean nothing. The
corpus is then recorded as skipped, with the reason.

Exit codes: offsetlint must exit 0 or 1. Exit 2 is a tool error (for example a file it cannot
read); the run's stderr is kept and its first lines are printed, and this script exits 3 at
the end. A negative code is a signal (crash). ruff must exit 0 (--exit-zero); ast-grep exits 0
when the pattern matches somewhere and 1 when it matches nowhere.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

AST_GREP_PATTERN = "$C.commit()"
AST_GREP_JAVA_PATTERN = "$C.commitSync()"
OL_OK = {0, 1}
PEER_OK = {"ruff": {0}, "ast-grep": {0, 1}}


# --- one run ------------------------------------------------------------------------------
def run_once(argv: list[str], cwd: str, stderr_path: Path, timeout: float) -> dict:
    """Run argv once; return wall, cpu, user, sys (seconds), maxrss_kib and rc."""
    with open(stderr_path, "wb") as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=err)
        killer = threading.Timer(timeout, proc.kill)
        killer.start()
        try:
            _, status, ru = os.wait4(proc.pid, 0)
        finally:
            killer.cancel()
        wall = time.perf_counter() - start
    rc = os.waitstatus_to_exitcode(status)
    proc.returncode = rc  # reaped here, so Popen must not wait for it again
    return {"wall": wall, "cpu": ru.ru_utime + ru.ru_stime, "user": ru.ru_utime,
            "sys": ru.ru_stime, "maxrss_kib": ru.ru_maxrss, "rc": rc}


def summarize(runs: list[dict]) -> dict:
    if not runs:
        return {}
    walls = [r["wall"] for r in runs]
    return {
        "runs": len(runs),
        "wall_median": statistics.median(walls),
        "wall_min": min(walls),
        "wall_max": max(walls),
        "wall_stdev": statistics.stdev(walls) if len(walls) > 1 else 0.0,
        "cpu_median": statistics.median(r["cpu"] for r in runs),
        "user_median": statistics.median(r["user"] for r in runs),
        "sys_median": statistics.median(r["sys"] for r in runs),
        "maxrss_kib_median": statistics.median(r["maxrss_kib"] for r in runs),
        "maxrss_kib_max": max(r["maxrss_kib"] for r in runs),
        "exit_codes": sorted({r["rc"] for r in runs}),
    }


def stderr_head(path: Path, lines: int = 8) -> str:
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return ""
    head = text.splitlines()[:lines]
    return "\n".join(head)


def log(msg: str) -> None:
    print(f"[bench] {msg}", file=sys.stderr, flush=True)


class Bench:
    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.out_dir = Path(args.out).resolve().parent
        self.errors: list[str] = []

    def stderr_file(self, label: str) -> Path:
        return self.out_dir / f"{label}.stderr"

    def one(self, label: str, argv: list[str], cwd: str | None = None) -> dict:
        r = run_once(argv, cwd or self.args.cwd, self.stderr_file(label), self.args.timeout)
        r["label"] = label
        return r

    def check_rc(self, label: str, tool: str, rc: int, ok: set[int]) -> None:
        if rc in ok:
            return
        kind = ("TOOL ERROR (exit 2)" if rc == 2 else
                f"CRASH (signal {-rc})" if rc < 0 else f"UNEXPECTED EXIT {rc}")
        msg = f"{label}: {tool} {kind}"
        if not any(e.startswith(msg) for e in self.errors):
            path = self.stderr_file(label)
            try:
                errs = [ln for ln in path.read_text(errors="replace").splitlines()
                        if ln.startswith("error")]
            except OSError:
                errs = []
            if errs:
                msg += f": {len(errs)} error line(s) on stderr"
            self.errors.append(msg)
            log(f"!!! {msg}; first lines of {path}:")
            for line in stderr_head(path, 12).splitlines():
                log(f"!!!   {line}")

    # -- paired schedule ----------------------------------------------------------------
    def paired(self, name: str, a: tuple[str, list[str]], b: tuple[str, list[str]],
               ok: dict[str, set[int]]) -> dict:
        """W warm-up rounds, then N rounds of (a, b), b first in odd rounds."""
        (la, argv_a), (lb, argv_b) = a, b
        log(f"{name}: warm-up x{self.args.warmup}, then {self.args.runs} paired rounds of "
            f"({la}, {lb})")
        for _ in range(self.args.warmup):
            for label, argv in (a, b):
                r = self.one(f"{name}.{label}", argv)
                self.check_rc(f"{name}.{label}", label, r["rc"], ok[label])
        runs: dict[str, list[dict]] = {la: [], lb: []}
        for i in range(self.args.runs):
            order = (a, b) if i % 2 == 0 else (b, a)
            for label, argv in order:
                r = self.one(f"{name}.{label}", argv)
                r["round"] = i
                runs[label].append(r)
                self.check_rc(f"{name}.{label}", label, r["rc"], ok[label])
            log(f"  round {i + 1}/{self.args.runs}: {la} {runs[la][-1]['wall']:.3f} s, "
                f"{lb} {runs[lb][-1]['wall']:.3f} s")
        sa, sb = summarize(runs[la]), summarize(runs[lb])
        per_round = [x["wall"] / y["wall"] for x, y in zip(runs[la], runs[lb]) if y["wall"] > 0]
        return {
            "commands": {la: argv_a, lb: argv_b},
            "runs": runs,
            "summary": {la: sa, lb: sb},
            "ratio_wall": sa["wall_median"] / sb["wall_median"] if sb.get("wall_median") else None,
            "ratio_wall_paired_median": statistics.median(per_round) if per_round else None,
        }

    # -- helpers --------------------------------------------------------------------------
    def ol_flags(self) -> list[str]:
        help_text = subprocess.run([self.args.offsetlint, "check", "--help"], capture_output=True,
                                   text=True, check=False).stdout
        flags = ["--exit-zero", "--quiet", "--select", "ALL"]
        missing = [f for f in ("--exit-zero", "--quiet", "--select") if f not in help_text]
        if missing:
            raise SystemExit(f"offsetlint check --help does not offer {missing}; update bench_timing.py")
        self.ol_has_show_files = "--show-files" in help_text
        self.ol_has_isolated = "--isolated" in help_text
        return flags

    def ol_cmd(self, *paths: str, isolated: bool = True) -> list[str]:
        extra = ["--isolated"] if isolated and self.ol_has_isolated else []
        return [self.args.offsetlint, "check", *self.ol_base, *extra, *paths]

    def count_lines(self, argv: list[str], suffix: str, cwd: str | None = None) -> int | None:
        p = subprocess.run(argv, cwd=cwd or self.args.cwd, capture_output=True, text=True,
                           check=False)
        lines = [ln for ln in p.stdout.splitlines() if ln.strip().endswith(suffix)]
        return len(lines) if p.returncode in (0, 1) and lines else None

    def ast_grep_count(self, argv: list[str]) -> int | None:
        p = subprocess.run(argv + ["--inspect", "summary"], cwd=self.args.cwd,
                           capture_output=True, text=True, check=False)
        m = re.search(r"scannedFileCount=(\d+)", p.stderr)
        return int(m.group(1)) if m else None

    def version(self, argv: list[str]) -> str:
        try:
            p = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=60)
            return (p.stdout or p.stderr).strip().splitlines()[0]
        except (OSError, IndexError, subprocess.TimeoutExpired):
            return "unknown"

    # -- the benchmark ----------------------------------------------------------------------
    def run(self) -> dict:
        a = self.args
        self.ol_base = self.ol_flags()
        res: dict = {
            "schema": 1,
            "started": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
            "machine": machine_info(),
            "settings": {"runs": a.runs, "warmup": a.warmup, "precommit_runs": a.precommit_runs,
                         "timeout_s": a.timeout, "cwd": a.cwd},
            "tools": {"offsetlint": {"path": a.offsetlint,
                                     "version": self.version([a.offsetlint, "--version"])}},
            "meta": {},
            "corpora": {},
        }
        for item in a.meta:
            key, _, path = item.partition("=")
            try:
                res["meta"][key] = json.loads(Path(path).read_text())
            except (OSError, ValueError) as e:
                res["meta"][key] = {"error": str(e)}
        log(f"offsetlint: {res['tools']['offsetlint']['version']} ({a.offsetlint})")
        load1 = res["machine"]["loadavg_at_start"][0]
        if load1 > 0.5 * res["machine"]["nproc"]:
            log(f"WARNING: load average {load1:.2f} on {res['machine']['nproc']} cores before the "
                "first run: other processes compete for the CPU and the numbers will be noisy")

        if a.python_corpus:
            res["tools"]["ruff"] = {"path": a.ruff, "version": self.version([a.ruff, "--version"])}
            d = str(Path(a.python_corpus).resolve())
            ol = self.ol_cmd(d)
            peer = [a.ruff, "check", "--no-cache", "--isolated", "--select", "RUF006",
                    "--exit-zero", d]
            entry = self.paired("python", ("offsetlint", ol), ("ruff", peer),
                                {"offsetlint": OL_OK, "ruff": PEER_OK["ruff"]})
            entry["dir"] = d
            entry["peer"] = "ruff"
            entry["files"] = {
                "offsetlint": self.count_lines([a.offsetlint, "check", "--show-files", d], ".py")
                if self.ol_has_show_files else None,
                "ruff": self.count_lines([a.ruff, "check", "--no-cache", "--isolated",
                                          "--show-files", d], ".py"),
            }
            res["corpora"]["python"] = entry

        if a.rust_corpus:
            res["tools"]["ast-grep"] = {"path": a.ast_grep,
                                        "version": self.version([a.ast_grep, "--version"])}
            d = str(Path(a.rust_corpus).resolve())
            ol = self.ol_cmd(d)
            peer = [a.ast_grep, "run", "--pattern", AST_GREP_PATTERN, "--lang", "rust", d]
            entry = self.paired("rust", ("offsetlint", ol), ("ast-grep", peer),
                                {"offsetlint": OL_OK, "ast-grep": PEER_OK["ast-grep"]})
            entry["dir"] = d
            entry["peer"] = "ast-grep"
            entry["files"] = {
                "offsetlint": self.count_lines([a.offsetlint, "check", "--show-files", d], ".rs")
                if self.ol_has_show_files else None,
                "ast-grep": self.ast_grep_count(peer),
            }
            res["corpora"]["rust"] = entry

        if a.java_corpus:
            res["tools"]["ast-grep"] = {"path": a.ast_grep,
                                        "version": self.version([a.ast_grep, "--version"])}
            d = str(Path(a.java_corpus).resolve())
            peer = [a.ast_grep, "run", "--pattern", AST_GREP_JAVA_PATTERN, "--lang", "java", d]
            ol_files = (self.count_lines([a.offsetlint, "check", "--show-files", d], ".java")
                        if self.ol_has_show_files else None)
            if not ol_files:
                why = ("offsetlint check --show-files lists no .java file: this offsetlint has "
                       "no Java front end" if self.ol_has_show_files else
                       "offsetlint check has no --show-files to tell whether it lints Java")
                log(f"java: skipped ({why})")
                res["corpora"]["java"] = {"dir": d, "peer": "ast-grep", "skipped": why,
                                          "files": {"offsetlint": ol_files,
                                                    "ast-grep": self.ast_grep_count(peer)}}
            else:
                entry = self.paired("java", ("offsetlint", self.ol_cmd(d)), ("ast-grep", peer),
                                    {"offsetlint": OL_OK, "ast-grep": PEER_OK["ast-grep"]})
                entry["dir"] = d
                entry["peer"] = "ast-grep"
                entry["files"] = {"offsetlint": ol_files, "ast-grep": self.ast_grep_count(peer)}
                res["corpora"]["java"] = entry

        if a.linearity_corpus and a.python_corpus:
            x1 = str(Path(a.python_corpus).resolve())
            x2 = str(Path(a.linearity_corpus).resolve())
            entry = self.paired("linearity", ("x1", self.ol_cmd(x1)), ("x2", self.ol_cmd(x2)),
                                {"x1": OL_OK, "x2": OL_OK})
            s = entry["summary"]
            entry["ratio_x2_x1"] = s["x2"]["wall_median"] / s["x1"]["wall_median"]
            entry["ratio_x2_x1_cpu"] = s["x2"]["cpu_median"] / s["x1"]["cpu_median"]
            entry["limit"] = 2.1
            entry["files"] = {
                "x1": self.count_lines([a.offsetlint, "check", "--show-files", x1], ".py")
                if self.ol_has_show_files else None,
                "x2": self.count_lines([a.offsetlint, "check", "--show-files", x2], ".py")
                if self.ol_has_show_files else None,
            }
            res["linearity"] = entry
            log(f"linearity: x2/x1 = {entry['ratio_x2_x1']:.2f} (limit 2.1)")

        if a.precommit_meta:
            meta = json.loads(Path(a.precommit_meta).read_text())
            root = meta["dir"]
            argv = self.ol_cmd(*meta["changed"], isolated=False)
            log(f"precommit: {len(meta['changed'])} files of {meta['source_files']}: warm-up "
                f"x{a.warmup}, then {a.precommit_runs} runs")
            for _ in range(a.warmup):
                r = self.one("precommit", argv, cwd=root)
                self.check_rc("precommit", "offsetlint", r["rc"], OL_OK)
            runs = []
            for _ in range(a.precommit_runs):
                r = self.one("precommit", argv, cwd=root)
                runs.append(r)
                self.check_rc("precommit", "offsetlint", r["rc"], OL_OK)
            s = summarize(runs)
            res["precommit"] = {"dir": root, "command": argv, "changed": meta["changed"],
                                "project": meta, "runs": runs, "summary": s,
                                "target_s": 0.1}
            log(f"precommit: median {s['wall_median'] * 1000:.1f} ms")

        res["finished"] = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
        res["machine"]["loadavg_at_end"] = os.getloadavg()
        res["errors"] = self.errors
        return res


def machine_info() -> dict:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem = int(line.split()[1]) * 1024
                break
    except OSError:
        pass
    nproc = subprocess.run(["nproc"], capture_output=True, text=True, check=False).stdout.strip()
    return {
        "nproc": int(nproc) if nproc.isdigit() else os.cpu_count(),
        "cpu_model": model,
        "mem_total_bytes": mem,
        "kernel": platform.release(),
        "os": platform_os(),
        "loadavg_at_start": os.getloadavg(),
        "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
    }


def platform_os() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.platform()


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--offsetlint", required=True)
    ap.add_argument("--out", required=True, help="results JSON file")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--python-corpus")
    ap.add_argument("--ruff")
    ap.add_argument("--rust-corpus")
    ap.add_argument("--ast-grep", dest="ast_grep")
    ap.add_argument("--java-corpus")
    ap.add_argument("--linearity-corpus")
    ap.add_argument("--precommit-meta")
    ap.add_argument("--precommit-runs", type=int, default=20)
    ap.add_argument("--meta", action="append", default=[], help="KEY=FILE.json to embed")
    ap.add_argument("--cwd", default=None, help="working directory of the timed runs")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds per run")
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error("--runs must be at least 1")
    if args.python_corpus and not args.ruff:
        ap.error("--python-corpus needs --ruff")
    if args.rust_corpus and not args.ast_grep:
        ap.error("--rust-corpus needs --ast-grep")
    if args.java_corpus and not args.ast_grep:
        ap.error("--java-corpus needs --ast-grep")
    for tool in (args.offsetlint, args.ruff, args.ast_grep):
        if tool and not shutil.which(tool):
            ap.error(f"not executable: {tool}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if args.cwd is None:
        args.cwd = str(out.parent / "cwd")
    Path(args.cwd).mkdir(parents=True, exist_ok=True)

    res = Bench(args).run()
    text = json.dumps(res, indent=2) + "\n"
    out.write_text(text)
    stamp = res["started"].replace(":", "").replace("-", "").replace("+0000", "Z")
    (out.parent / f"results-{stamp}.json").write_text(text)
    log(f"raw results: {out}")
    if res["errors"]:
        log("ERRORS: " + "; ".join(res["errors"]))
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
