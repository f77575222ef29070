import httpx

from . import cyc_a


def b() -> None:
    httpx.get("https://control.internal/ping")
    cyc_a.a()
