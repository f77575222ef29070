"""Precision fixture for OL202: flushes that are not Kafka producer flushes.

No Kafka client module is imported here. Nothing here may be flagged.
"""
import gzip
import io
import logging
import logging.handlers
import sys

from sqlalchemy.orm import Session

log = logging.getLogger("exporter")


def write_lines(path: str, lines: list) -> None:
    with open(path, "a", encoding="utf-8") as fh:
        for line in lines:
            fh.write(line + "\n")
        fh.flush()  # file object, not Kafka


def write_gz(path: str, blob: bytes) -> None:
    with gzip.open(path, "wb") as gz:
        gz.write(blob)
        gz.flush()  # gzip file, not Kafka


def progress(done: int, total: int) -> None:
    sys.stdout.write(f"\r{done}/{total}")
    sys.stdout.flush()  # stdout, not Kafka
    sys.stderr.flush()  # stderr, not Kafka


def flush_logs() -> None:
    for h in log.handlers:
        h.flush()  # logging handler, not Kafka
    mem = logging.handlers.MemoryHandler(capacity=100)
    mem.flush()  # logging handler, not Kafka


def buffer_roundtrip(data: bytes) -> bytes:
    buf = io.BufferedWriter(io.BytesIO())
    buf.write(data)
    buf.flush()  # io buffer, not Kafka
    return data


def stage(session: Session, rows: list) -> None:
    session.add_all(rows)
    session.flush()  # sqlalchemy flush, not Kafka


class LineProducer:
    """Buffers output lines; named like a producer, but it is not a Kafka client."""

    def __init__(self, fh) -> None:
        self.fh = fh

    def flush(self) -> int:
        self.fh.flush()  # file object, not Kafka
        return 0


def finish(producer: LineProducer) -> None:
    producer.flush()  # local class, no Kafka import: heuristic off
