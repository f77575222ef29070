"""A checkpoint module that talks to a server: flagged."""
import requests  # expect: OL401


def save(offset: int) -> None:
    requests.post("http://store/checkpoint", json={"offset": offset})
