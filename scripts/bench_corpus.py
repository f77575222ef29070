#!/usr/bin/env python3
"""Corpus helpers for scripts/bench.sh. Standard library only.

    bench_corpus.py stdlib-local DEST            copy this interpreter's standard library
    bench_corpus.py keep EXT DIR                 delete every file of DIR not named *.EXT, and
                                                 every dot-file and dot-directory
    bench_corpus.py source DIR KEY=VALUE...      write DIR/.bench-source.json (where DIR came from)
    bench_corpus.py digest DIR                   print the digest of DIR (see below)
    bench_corpus.py manifest CORPUS OUT.json     files, bytes, digest per package and in total
    bench_corpus.py prune CORPUS NAME...         delete the subdirectories of CORPUS not named
    bench_corpus.py duplicate SRC DEST           DEST/copy-1, DEST/copy-2: two full copies of SRC
    bench_corpus.py precommit DEST OUT.json      the synthetic 10,000-file project (deterministic)

stdlib-local copies the *.py files under `sysconfig.get_paths()["stdlib"]` of the Python
that runs this script (bench.sh picks a 3.11 one), leaving out site-packages, dist-packages
and __pycache__, and records the interpreter's version and path in .bench-source.json.

The digest of a directory is the sha256 of the lines "<relative path>\\0<sha256 of the
file>\\n" over its regular files (dot-files left out) in sorted walk order; two corpora with the same digest hold
the same bytes under the same names.

precommit writes a project of exactly PRECOMMIT_FILES source files (Python services and a
Rust crate: Kafka consumers and producers, models, utilities) from a fixed seed, and lists
in OUT.json the five files a pre-commit run lints ("changed").  Changing the generator means
bumping GENERATOR_VERSION, so bench.sh regenerates the project.
"""
from __future__ import annotations

import hashlib
import json
import os
import platform
import random
import shutil
import sys
import sysconfig
from pathlib import Path

GENERATOR_VERSION = 1
PRECOMMIT_FILES = 10_000
PRECOMMIT_RUST_FILES = 1_000
PRECOMMIT_SEED = 20240611
SOURCE_FILE = ".bench-source.json"


# --- files ----------------------------------------------------------------------------------
def source_files(root: Path) -> list[Path]:
    """Regular files under root, sorted, without dot-files and dot-directories."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            p = Path(dirpath, name)
            if not name.startswith(".") and p.is_file() and not p.is_symlink():
                out.append(p)
    return out


def digest(root: Path) -> tuple[str, int, int]:
    """(digest, files, bytes) of root."""
    h = hashlib.sha256()
    files = n_bytes = 0
    for p in source_files(root):
        data = p.read_bytes()
        files += 1
        n_bytes += len(data)
        h.update(p.relative_to(root).as_posix().encode())
        h.update(b"\0" + hashlib.sha256(data).hexdigest().encode() + b"\n")
    return h.hexdigest(), files, n_bytes


def cmd_stdlib_local(dest: Path) -> int:
    src = Path(sysconfig.get_paths()["stdlib"]).resolve()
    skip = {"site-packages", "dist-packages", "__pycache__"}
    partial = dest.with_name(dest.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    n = 0
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = sorted(d for d in dirnames if d not in skip)
        for name in sorted(filenames):
            p = Path(dirpath, name)
            if name.endswith(".py") and p.is_file() and not p.is_symlink():
                out = partial / p.relative_to(src)
                out.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(p, out)
                n += 1
    write_source(partial, {
        "name": "cpython-stdlib",
        "version": platform.python_version(),
        "source": "local interpreter",
        "interpreter": sys.executable,
        "sys_version": sys.version.replace("\n", " "),
        "stdlib_dir": str(src),
    })
    shutil.rmtree(dest, ignore_errors=True)
    partial.rename(dest)
    print(f"copied {n} .py files of Python {platform.python_version()} from {src}", file=sys.stderr)
    return 0


OWN_MARKERS = {".corpus-ok", SOURCE_FILE}  # written by fetch_corpus.sh's unpack and by this file


def cmd_keep(ext: str, root: Path) -> int:
    """Delete every file not named *.ext, then the empty directories. Dot-files go too
    (a package's .gitignore would hide files from some tools but not from others), except
    this corpus's own markers at the top of root."""
    suffix = "." + ext.lstrip(".")
    for dirpath, dirnames, _ in os.walk(root):
        for name in [d for d in dirnames if d.startswith(".")]:
            shutil.rmtree(Path(dirpath, name))  # hidden directories: some tools skip them
            dirnames.remove(name)
    for dirpath, dirnames, filenames in os.walk(root, topdown=False):
        for name in filenames:
            p = Path(dirpath, name)
            if name in OWN_MARKERS and Path(dirpath) == root:
                continue
            if p.is_symlink() or not name.endswith(suffix) or name.startswith("."):
                p.unlink()
        for name in dirnames:
            d = Path(dirpath, name)
            if d.is_symlink():
                d.unlink()
            elif not any(d.iterdir()):
                d.rmdir()
    return 0


def write_source(root: Path, meta: dict) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / SOURCE_FILE).write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")


def cmd_source(root: Path, pairs: list[str]) -> int:
    meta = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"bench_corpus.py source: expected KEY=VALUE, got {pair!r}")
        meta[key] = value
    write_source(root, meta)
    return 0


def cmd_manifest(corpus: Path, out: Path) -> int:
    packages = []
    total = hashlib.sha256()
    files = n_bytes = 0
    for d in sorted(p for p in corpus.iterdir() if p.is_dir() and not p.name.startswith(".")):
        dg, f, b = digest(d)
        meta = {}
        if (d / SOURCE_FILE).is_file():
            meta = json.loads((d / SOURCE_FILE).read_text())
        packages.append({"dir": d.name, "files": f, "bytes": b, "digest": dg, **meta})
        files += f
        n_bytes += b
        total.update(f"{d.name}\0{dg}\n".encode())
    data = {"corpus": str(corpus), "files": files, "bytes": n_bytes,
            "digest": total.hexdigest(), "packages": packages}
    out.write_text(json.dumps(data, indent=2) + "\n")
    return 0


def cmd_prune(corpus: Path, keep: list[str]) -> int:
    """Delete what an older pin list or an interrupted run left: every entry but `keep`."""
    if not corpus.is_dir():
        return 0
    for p in sorted(corpus.iterdir()):
        if p.name not in keep:
            print(f"removing {p} (not in the pinned corpus)", file=sys.stderr)
            if p.is_dir() and not p.is_symlink():
                shutil.rmtree(p)
            else:
                p.unlink()
    return 0


def cmd_duplicate(src: Path, dest: Path) -> int:
    partial = dest.with_name(dest.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    for i in (1, 2):
        shutil.copytree(src, partial / f"copy-{i}", symlinks=True)
    shutil.rmtree(dest, ignore_errors=True)
    partial.rename(dest)
    return 0


# --- the synthetic pre-commit project ---------------------------------------------------
PY_CONSUMER = '''"""Consumer {mod} of service {svc}: reads {topic}, writes to the {store} store."""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from confluent_kafka import Consumer, KafkaError, KafkaException

from services.{svc}.models.{model} import {cls}
from services.{svc}.utils.{util} import {helper}

log = logging.getLogger(__name__)

TOPIC = "{topic}"
GROUP = "{svc}-{mod}"


@dataclass
class Settings:
    brokers: str = "localhost:9092"
    batch: int = {batch}
    timeout: float = {timeout}


def make_consumer(settings: Settings) -> Consumer:
    return Consumer({{
        "bootstrap.servers": settings.brokers,
        "group.id": GROUP,
        "enable.auto.commit": False,
        "auto.offset.reset": "earliest",
    }})


def handle(record: {cls}) -> None:
    value = {helper}(record)
    if value is None:
        log.debug("skip %s", record)
        return
    log.info("stored %s", value)


def run(settings: Settings | None = None) -> None:
    settings = settings or Settings()
    consumer = make_consumer(settings)
    consumer.subscribe([TOPIC])
    try:
        while True:
            msg = consumer.poll(settings.timeout)
            if msg is None:
                continue
            if msg.error():
                if msg.error().code() == KafkaError._PARTITION_EOF:
                    continue
                raise KafkaException(msg.error())
            record = {cls}.from_json(json.loads(msg.value()))
            handle(record)
{commit}
    finally:
        consumer.close()
'''

PY_COMMITS = [
    "            consumer.commit(message=msg, asynchronous=False)",
    "            consumer.commit()",
    "            consumer.store_offsets(msg)",
    "            pass",
]

PY_PRODUCER = '''"""Producer {mod} of service {svc}: publishes {cls} events to {topic}."""
from __future__ import annotations

import json
import socket

from confluent_kafka import Producer

from services.{svc}.models.{model} import {cls}

TOPIC = "{topic}"


def make_producer() -> Producer:
    return Producer({{
        "bootstrap.servers": "localhost:9092",
        "client.id": socket.gethostname(),
        "enable.idempotence": {idem},
        "acks": "{acks}",
    }})


def on_delivery(err, msg) -> None:
    if err is not None:
        raise RuntimeError(f"delivery failed: {{err}}")


def publish(items: list[{cls}]) -> int:
    producer = make_producer()
    for item in items:
        producer.produce(TOPIC, key=str(item.ident), value=json.dumps(item.to_json()),
                         on_delivery=on_delivery)
        producer.poll(0)
{flush}
    return len(items)
'''

PY_MODEL = '''"""Model {cls} of service {svc}."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass
class {cls}:
    ident: int
    name: str = ""
    tags: list[str] = field(default_factory=list)
{fields}

    @classmethod
    def from_json(cls, data: dict) -> "{cls}":
        return cls(**{{k: v for k, v in data.items() if k in cls.__dataclass_fields__}})

    def to_json(self) -> dict:
        return asdict(self)
'''

PY_UTIL = '''"""Utilities {mod} of service {svc}."""
from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterable, Iterator


def chunked(items: Iterable, size: int) -> Iterator[list]:
    it = iter(items)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def fingerprint(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:{width}]
{funcs}
'''

PY_UTIL_FUNC = '''

def {name}(record, *, limit: int = {limit}):
    total = 0
    for i, part in enumerate(str(record).split("{sep}")):
        if i >= limit:
            break
        total += len(part) * {mul}
    return total or None
'''

RS_CONSUMER = '''//! Stream task {mod}: consumes `{topic}` and forwards to the {store} store.
use rdkafka::config::ClientConfig;
use rdkafka::consumer::{{CommitMode, Consumer, StreamConsumer}};
use rdkafka::message::Message;

pub struct Settings {{
    pub brokers: String,
    pub group: String,
    pub batch: usize,
}}

impl Default for Settings {{
    fn default() -> Self {{
        Settings {{ brokers: "localhost:9092".into(), group: "{mod}".into(), batch: {batch} }}
    }}
}}

fn make_consumer(settings: &Settings) -> StreamConsumer {{
    ClientConfig::new()
        .set("bootstrap.servers", &settings.brokers)
        .set("group.id", &settings.group)
        .set("enable.auto.commit", "false")
        .create()
        .expect("consumer creation failed")
}}

fn handle(payload: &[u8]) -> Option<usize> {{
    if payload.is_empty() {{
        return None;
    }}
    Some(payload.iter().map(|b| *b as usize * {mul}).sum())
}}

pub async fn run(settings: Settings) -> Result<(), rdkafka::error::KafkaError> {{
    let consumer = make_consumer(&settings);
    consumer.subscribe(&["{topic}"])?;
    loop {{
        let msg = consumer.recv().await?;
        if let Some(payload) = msg.payload() {{
            let _ = handle(payload);
        }}
{commit}
    }}
}}
'''

RS_COMMITS = [
    "        consumer.commit_message(&msg, CommitMode::Async)?;",
    "        consumer.commit_message(&msg, CommitMode::Sync)?;",
    "        consumer.store_offset_from_message(&msg)?;",
    "        let _ = msg.offset();",
]

RS_UTIL = '''//! Helpers {mod}.
pub fn checksum(data: &[u8]) -> u64 {{
    data.iter().fold({seed}u64, |acc, b| acc.wrapping_mul(31).wrapping_add(*b as u64))
}}

pub fn split_keys(line: &str) -> Vec<&str> {{
    line.split('{sep}').filter(|s| !s.is_empty()).collect()
}}

#[cfg(test)]
mod tests {{
    use super::*;

    #[test]
    fn checksum_is_stable() {{
        assert_eq!(checksum(b""), {seed});
    }}
}}
'''


def precommit_project(dest: Path) -> list[str]:
    """Write the project under dest; return the five changed files (relative paths)."""
    rng = random.Random(PRECOMMIT_SEED)
    stores = ["postgres", "redis", "s3", "elastic", "clickhouse"]
    kinds = ["consumers", "producers", "models", "utils"]
    py_files = PRECOMMIT_FILES - PRECOMMIT_RUST_FILES
    per_service = 60
    n_services = -(-py_files // per_service)
    written: list[str] = []

    def write(rel: str, text: str) -> None:
        p = dest / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
        if rel.endswith((".py", ".rs")) and not rel.endswith("__init__.py"):
            written.append(rel)

    (dest).mkdir(parents=True, exist_ok=True)
    (dest / "pyproject.toml").write_text(
        '[project]\nname = "synthetic-streams"\nversion = "0.0.0"\n\n'
        '[tool.offsetlint]\nselect = ["ALL"]\n')
    (dest / ".gitignore").write_text("build/\n__pycache__/\n*.pyc\n/target/\n")
    # Python services: svc_000 .. ; each has __init__.py files (not counted) and
    # per_service modules spread over the four kinds.
    left = py_files
    for s in range(n_services):
        svc = f"svc_{s:03d}"
        n = min(per_service, left)
        left -= n
        for pkg in ["services", f"services/{svc}"] + [f"services/{svc}/{k}" for k in kinds]:
            init = dest / pkg / "__init__.py"
            init.parent.mkdir(parents=True, exist_ok=True)
            init.write_text("")
        n_models = max(1, n // 6)
        n_utils = max(1, n // 6)
        for i in range(n):
            kind = kinds[2] if i < n_models else kinds[3] if i < n_models + n_utils else \
                kinds[0] if i % 3 else kinds[1]
            mod = f"mod_{i:04d}"
            cls = f"Event{s:03d}x{rng.randrange(n_models):03d}"
            model = f"mod_{rng.randrange(n_models):04d}"
            util = f"mod_{n_models + rng.randrange(n_utils):04d}"
            topic = f"{svc}.{rng.choice(['orders', 'payments', 'clicks', 'audit', 'users'])}"
            if kind == "models":
                cls = f"Event{s:03d}x{i:03d}"
                fields = "".join(f"    f{j}: int = {rng.randrange(100)}\n" for j in range(rng.randrange(2, 12)))
                text = PY_MODEL.format(cls=cls, svc=svc, fields=fields.rstrip("\n"))
            elif kind == "utils":
                funcs = "".join(PY_UTIL_FUNC.format(
                    name=f"helper_{i:04d}" if j == 0 else f"helper_{i:04d}_{j}",
                    limit=rng.randrange(3, 50), sep=rng.choice(",;:|"), mul=rng.randrange(1, 9))
                    for j in range(rng.randrange(1, 8)))
                text = PY_UTIL.format(mod=mod, svc=svc, width=rng.randrange(8, 32), funcs=funcs)
            elif kind == "consumers":
                text = PY_CONSUMER.format(
                    mod=mod, svc=svc, topic=topic, store=rng.choice(stores), model=model,
                    cls=f"Event{s:03d}x{int(model[4:]):03d}", util=util,
                    helper=f"helper_{int(util[4:]):04d}", batch=rng.randrange(1, 500),
                    timeout=rng.choice([0.1, 0.5, 1.0, 5.0]), commit=rng.choice(PY_COMMITS))
            else:
                text = PY_PRODUCER.format(
                    mod=mod, svc=svc, topic=topic, model=model,
                    cls=f"Event{s:03d}x{int(model[4:]):03d}",
                    idem=rng.choice(["True", "False"]), acks=rng.choice(["all", "1", "0"]),
                    flush=rng.choice(["    producer.flush()", "    producer.flush(10)", "    pass"]))
            write(f"services/{svc}/{kind}/{mod}.py", text)
    # One Rust crate with PRECOMMIT_RUST_FILES modules.
    (dest / "crates/streams/Cargo.toml").parent.mkdir(parents=True, exist_ok=True)
    (dest / "crates/streams/Cargo.toml").write_text(
        '[package]\nname = "streams"\nversion = "0.0.0"\nedition = "2021"\n\n'
        '[dependencies]\nrdkafka = "0.39"\n')
    mods = []
    for i in range(PRECOMMIT_RUST_FILES - 1):
        mod = f"task_{i:04d}"
        mods.append(mod)
        if i % 2 == 0:
            text = RS_CONSUMER.format(mod=mod, topic=f"topic.{rng.randrange(50)}", store=rng.choice(stores),
                                      batch=rng.randrange(1, 500), mul=rng.randrange(1, 9),
                                      commit=rng.choice(RS_COMMITS))
        else:
            text = RS_UTIL.format(mod=mod, seed=rng.randrange(1, 1000), sep=rng.choice(",;:|"))
        write(f"crates/streams/src/{mod}.rs", text)
    write("crates/streams/src/lib.rs", "".join(f"pub mod {m};\n" for m in mods))
    assert len(written) == PRECOMMIT_FILES, len(written)
    # The "changed" files: three consumers, one producer, one Rust task, in the middle of the
    # tree (fixed picks, so every run lints the same five files).
    consumers = [f for f in written if "/consumers/" in f]
    producers = [f for f in written if "/producers/" in f]
    rust = [f for f in written if "/task_" in f and int(f[-7:-3]) % 2 == 0]
    return [consumers[len(consumers) // 5], consumers[len(consumers) // 2],
            consumers[4 * len(consumers) // 5], producers[len(producers) // 2],
            rust[len(rust) // 2]]


def cmd_precommit(dest: Path, out: Path) -> int:
    partial = dest.with_name(dest.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    changed = precommit_project(partial)
    dg, files, n_bytes = digest(partial)
    shutil.rmtree(dest, ignore_errors=True)
    partial.rename(dest)
    n_src = sum(1 for p in source_files(dest) if p.suffix in (".py", ".rs") and p.name != "__init__.py")
    out.write_text(json.dumps({
        "generator_version": GENERATOR_VERSION, "seed": PRECOMMIT_SEED,
        "dir": str(dest), "source_files": n_src, "files": files, "bytes": n_bytes,
        "digest": dg, "changed": changed,
    }, indent=2) + "\n")
    print(f"generated {n_src} source files ({files} files with __init__.py and config) in {dest}",
          file=sys.stderr)
    return 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    cmd, args = argv[0], argv[1:]
    if cmd == "stdlib-local" and len(args) == 1:
        return cmd_stdlib_local(Path(args[0]))
    if cmd == "keep" and len(args) == 2:
        return cmd_keep(args[0], Path(args[1]))
    if cmd == "source" and len(args) >= 1:
        return cmd_source(Path(args[0]), args[1:])
    if cmd == "digest" and len(args) == 1:
        print(digest(Path(args[0]))[0])
        return 0
    if cmd == "prune" and len(args) >= 1:
        return cmd_prune(Path(args[0]), args[1:])
    if cmd == "manifest" and len(args) == 2:
        return cmd_manifest(Path(args[0]), Path(args[1]))
    if cmd == "duplicate" and len(args) == 2:
        return cmd_duplicate(Path(args[0]), Path(args[1]))
    if cmd == "precommit" and len(args) == 2:
        return cmd_precommit(Path(args[0]), Path(args[1]))
    if cmd == "generator-version" and not args:
        print(GENERATOR_VERSION)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
