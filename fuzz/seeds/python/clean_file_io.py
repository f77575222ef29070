"""Log shipping to local files: writes, flushes, seeks and rotation.

Clean fixture: no Kafka client is imported. Expected findings: none.
"""
import gzip
import json
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("shipper")
log.addHandler(logging.StreamHandler(sys.stderr))


class SegmentWriter:
    def __init__(self, directory: Path, max_bytes: int = 64 * 1024 * 1024) -> None:
        self.directory = directory
        self.max_bytes = max_bytes
        self.offset_file = directory / "read.pos"
        self.fh = open(directory / "current.log", "ab")

    def append(self, record: dict) -> None:
        self.fh.write(json.dumps(record).encode() + b"\n")
        if self.fh.tell() > self.max_bytes:
            self.rotate()

    def sync(self) -> None:
        self.fh.flush()
        os.fsync(self.fh.fileno())

    def rotate(self) -> None:
        self.sync()
        self.fh.close()
        target = self.directory / f"segment-{len(list(self.directory.glob('segment-*')))}.log.gz"
        with open(self.directory / "current.log", "rb") as src, gzip.open(target, "wb") as dst:
            shutil.copyfileobj(src, dst)
            dst.flush()
        self.fh = open(self.directory / "current.log", "wb")


def tail(path: Path, pos_file: Path) -> list:
    start = int(pos_file.read_text()) if pos_file.exists() else 0
    with open(path, "rb") as fh:
        fh.seek(start)
        lines = fh.readlines()
        pos_file.write_text(str(fh.tell()))
    return lines


def progress(done: int, total: int) -> None:
    sys.stdout.write(f"\rshipped {done}/{total}")
    sys.stdout.flush()
    for handler in log.handlers:
        handler.flush()
