import json
import importlib

import requests  # expect: OL403
from requests.structures import CaseInsensitiveDict
from billing.remote import push  # expect: OL403
from billing.local import store


def record(entry: dict) -> None:
    import httpx  # expect: OL403

    headers = CaseInsensitiveDict({"kind": "ledger"})
    store(json.dumps(entry), headers)
    push(entry)
    httpx.post("http://audit", json=entry)
    importlib.import_module("requests.adapters")  # expect: OL403
