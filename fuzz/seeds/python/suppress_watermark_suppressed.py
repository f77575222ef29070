"""Suppressions on import statements in a checkpoint module (name matches `*watermark*`).

A suppression on the first line of a multi-line import, or alone on the line above an
import, covers OL401. A suppression on a later line of the import does not.
"""
import json

import requests  # offsetlint: ignore[OL401] health ping only, never touches the watermark

# offsetlint: ignore[checkpoint-network-import] metrics push, reviewed in ADR-12
import socket

from aiohttp import (  # offsetlint: ignore[OL401] async export of the lag report
    ClientSession,
)

from httpx import (  # expect: OL401
    AsyncClient,  # offsetlint: ignore[OL401] not on the import's first line  # expect: OL002
)

import os  # offsetlint: ignore[OL401] stale: os is not network code  # expect: OL002


def lag_report(high: dict) -> str:
    return json.dumps(high) + os.linesep


def ping(url: str) -> int:
    return requests.get(url, timeout=2).status_code


def push(addr: tuple, report: str) -> None:
    with socket.create_connection(addr, timeout=1) as sock:
        sock.sendall(report.encode())


async def export(url: str, report: str) -> None:
    async with ClientSession() as session:
        await session.post(url, data=report)
    async with AsyncClient() as client:
        await client.post(url, content=report)
