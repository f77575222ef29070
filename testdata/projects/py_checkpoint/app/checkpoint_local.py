"""A checkpoint module that stays local (the twin of offset_store.py)."""
import json

from .localfs import write_atomic


def save(path: str, offsets: dict) -> None:
    write_atomic(path, json.dumps(offsets).encode())
