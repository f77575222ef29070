"""Uploads to the control plane (network code; not a checkpoint module itself)."""
import requests


def upload_offsets(offsets: dict) -> None:
    requests.post("https://control.internal/offsets", json=offsets, timeout=5)
