#!/usr/bin/env python3
"""Latency of `offsetlint server`: from a notification to the publishDiagnostics it causes.

    scripts/bench_lsp.py BINARY PROJECT_DIR FILE [--edits N]

Starts BINARY (`offsetlint server`) in PROJECT_DIR, opens FILE (a path under it) and times:
- open: didOpen to the first publish (cold: the project is walked and read);
- edit: didChange to its publish, N times, the text alternating between the file and the file
  with a comment line appended (warm: the walk and the files read are kept);
- other file: a didChangeWatchedFiles for another source file of the project (rewritten with
  its own bytes plus a newline, then restored) to the publish of the re-lint it causes (that
  file read again);
- configuration: a didChangeWatchedFiles for the project's manifest to its publish
  (everything kept is forgotten: as cold as open);
and, for comparison, `BINARY check - --stdin-filename FILE` started once per lint (the
editor integration without the server), 5 runs. Prints one line per measure (milliseconds:
median, 90th percentile, max of the wall time; and the median CPU time the server used, all
its threads, from /proc: a loaded machine stretches the wall time, much less the CPU time)
and nothing else.
"""

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def send(proc, message):
    body = json.dumps(message).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    proc.stdin.flush()


def receive(proc):
    length = None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("the server closed its output")
        line = line.strip()
        if not line:
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(proc.stdout.read(length))


def published(proc, uri):
    """Waits for the diagnostics of `uri`; answers the server's requests on the way."""
    while True:
        m = receive(proc)
        if "id" in m and "method" in m:
            send(proc, {"jsonrpc": "2.0", "id": m["id"], "result": None})
        elif m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
            return m["params"]["diagnostics"]


def cpu_ms(pid):
    """The process's CPU time so far (user and system, all threads), in milliseconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def summary(name, times, cpu=None):
    extra = f", CPU median {statistics.median(cpu):.0f} ms" if cpu else ""
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(round(0.9 * (len(times) - 1))))]
    print(
        f"{name}: median {statistics.median(times):.0f} ms, p90 {p90:.0f} ms, "
        f"max {times[-1]:.0f} ms{extra} ({len(times)} runs)"
    )


def main():
    args = sys.argv[1:]
    edits = 20
    if "--edits" in args:
        i = args.index("--edits")
        edits = int(args[i + 1])
        del args[i : i + 2]
    binary, project, file = Path(args[0]).resolve(), Path(args[1]).resolve(), Path(args[2]).resolve()
    uri = file.as_uri()
    text = file.read_text()
    comment = "#" if file.suffix == ".py" else "//"
    proc = subprocess.Popen(
        [str(binary), "server"], cwd=project, stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": None, "rootUri": project.as_uri(),
        "capabilities": {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}}})
    while receive(proc).get("id") != 1:
        pass
    send(proc, {"jsonrpc": "2.0", "method": "initialized", "params": {}})

    start = time.perf_counter()
    send(proc, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "text", "version": 1, "text": text}}})
    found = published(proc, uri)
    print(f"open: {(time.perf_counter() - start) * 1000:.0f} ms ({len(found)} diagnostics)")

    version = 1
    cpu = []

    def edit(new_text):
        nonlocal version
        version += 1
        start = time.perf_counter()
        cpu_start = cpu_ms(proc.pid)
        send(proc, {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"text": new_text}]}})
        published(proc, uri)
        cpu.append(cpu_ms(proc.pid) - cpu_start)
        return (time.perf_counter() - start) * 1000

    variants = [text + f"\n{comment} edited\n", text]
    summary("edit", [edit(variants[i % 2]) for i in range(edits)], cpu)

    def watched(path):
        """A file event, timed to the publish of the re-lint it causes."""
        start = time.perf_counter()
        cpu_start = cpu_ms(proc.pid)
        send(proc, {"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles", "params": {
            "changes": [{"uri": path.as_uri(), "type": 2}]}})
        published(proc, uri)
        cpu.append(cpu_ms(proc.pid) - cpu_start)
        return (time.perf_counter() - start) * 1000

    others = sorted(p for p in file.parent.rglob("*" + file.suffix) if p != file)
    if others:
        other = others[0]
        original = other.read_bytes()
        times = []
        cpu.clear()
        try:
            for i in range(5):
                other.write_bytes(original + b"\n" * (i + 1))
                times.append(watched(other))
        finally:
            other.write_bytes(original)
        summary("another file changed (event to publish)", times, cpu)
    manifest = next((project / m for m in ("pyproject.toml", "Cargo.toml", "setup.cfg")
                     if (project / m).exists()), None)
    if manifest:
        cpu.clear()
        summary("configuration changed (event to publish)",
                [watched(manifest) for i in range(3)], cpu)
    send(proc, {"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None})
    while receive(proc).get("id") != 2:
        pass
    send(proc, {"jsonrpc": "2.0", "method": "exit", "params": None})
    proc.wait(timeout=30)

    times = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([str(binary), "check", "-", "--stdin-filename", str(file), "--quiet"],
                       cwd=project, input=text.encode(), stdout=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    summary("check --stdin-filename (a process per lint)", times)


if __name__ == "__main__":
    main()
