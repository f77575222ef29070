"""Stores consumer offsets. Imports network code through a project module."""
import json

from .localfs import write_atomic
from .transport import upload_offsets  # expect: OL401


def save(path: str, offsets: dict) -> None:
    write_atomic(path, json.dumps(offsets).encode())
    upload_offsets(offsets)
