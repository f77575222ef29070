"""Reaches a checkpoint module."""
from app.offsets_checkpoint import load


def resume(path: str) -> dict:
    return load(path)
