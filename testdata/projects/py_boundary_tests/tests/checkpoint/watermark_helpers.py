"""Under a tests directory: test code."""
import httpx


def client() -> httpx.Client:
    return httpx.Client()
