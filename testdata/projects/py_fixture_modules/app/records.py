"""Plain data: what fixtures may build."""
import json


def sample_order(i: int) -> bytes:
    return json.dumps({"id": i}).encode()
