"""HTTP client for the enrichment service.

OL401 fixture: network imports are fine here, because `client.py` is not a checkpoint
module (its name matches no checkpoint glob). Expected findings: none.
"""
import socket  # not a checkpoint module: network code allowed
from http.client import HTTPSConnection  # not a checkpoint module: network code allowed

import requests  # not a checkpoint module: network code allowed


class EnrichmentClient:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()

    def enrich(self, record: dict) -> dict:
        resp = self.session.post(f"{self.base_url}/enrich", json=record, timeout=10)
        resp.raise_for_status()
        return resp.json()

    def health(self, host: str) -> int:
        conn = HTTPSConnection(host, timeout=5)
        conn.request("GET", "/healthz")
        return conn.getresponse().status

    def reachable(self, host: str, port: int) -> bool:
        try:
            with socket.create_connection((host, port), timeout=1):
                return True
        except OSError:
            return False
