"""Durable checkpoint store for the enrichment pipeline.

OL401 fixture: the file name matches `*checkpoint*`, so every import of network code is
flagged on the (first line of the) import statement. Standard-library modules that are
not network code, database drivers, and the Kafka client with its value types are clean.
"""
import json  # stdlib serialisation, not network code
import os  # stdlib, not network code
import socket  # expect: OL401
import sqlite3  # database driver: not network code by default
import time
import urllib.request  # expect: OL401
from dataclasses import dataclass
from http.client import HTTPConnection  # expect: OL401
from pathlib import Path  # stdlib, not network code
from urllib.parse import urlsplit  # URL parsing only: urllib.parse is not in the network list

import boto3  # expect: OL401
import requests  # expect: OL401
from botocore.exceptions import ClientError  # expect: OL401
from confluent_kafka import TopicPartition  # Kafka value type: the legitimate commit path


@dataclass
class Checkpoint:
    topic: str
    partition: int
    offset: int


class CheckpointStore:
    def __init__(self, path: Path, mirror_url: str = "") -> None:
        self.path = path
        self.db = sqlite3.connect(path / "checkpoints.db")
        self.mirror = urlsplit(mirror_url) if mirror_url else None
        self.s3 = boto3.client("s3")

    def save(self, cp: Checkpoint) -> None:
        self.db.execute(
            "insert or replace into checkpoints(topic, partition, offset) values (?, ?, ?)",
            (cp.topic, cp.partition, cp.offset),
        )
        self.db.commit()  # sqlite3 connection, not Kafka
        tmp = self.path / "checkpoint.json.tmp"
        tmp.write_text(json.dumps(cp.__dict__))
        os.replace(tmp, self.path / "checkpoint.json")

    def to_partition(self, cp: Checkpoint) -> TopicPartition:
        return TopicPartition(cp.topic, cp.partition, cp.offset)

    def mirror_remote(self, cp: Checkpoint) -> None:
        if self.mirror is None:
            return
        requests.put(self.mirror.geturl(), json=cp.__dict__, timeout=5).raise_for_status()
        conn = HTTPConnection(self.mirror.hostname or "localhost", self.mirror.port or 80, timeout=5)
        conn.request("PUT", "/checkpoint", body=json.dumps(cp.__dict__))
        conn.getresponse().read()
        with urllib.request.urlopen(self.mirror.geturl(), timeout=5) as resp:
            resp.read()

    def archive(self, cp: Checkpoint) -> None:
        try:
            self.s3.put_object(Bucket="checkpoints", Key=f"{cp.topic}/{cp.partition}", Body=json.dumps(cp.__dict__))
        except ClientError:
            time.sleep(1)

    def announce(self, cp: Checkpoint) -> None:
        with socket.create_connection(("stats.internal", 8125), timeout=1) as sock:
            sock.sendall(f"checkpoint.{cp.topic}:{cp.offset}|g".encode())
