"""A test of the checkpoint feature may talk to a server: test files are not checkpoint modules."""
import requests

from app.checkpoint import save


def test_save() -> None:
    save(1)
    assert requests.get("http://store/checkpoint").ok
