# Not a ledger file: the boundary does not bind it.
import requests


def charge(amount: int) -> None:
    requests.post("http://payments", json={"amount": amount}, timeout=5)
