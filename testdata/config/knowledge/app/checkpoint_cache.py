import json

import pymemcache  # expect: OL401


def save(offsets: dict) -> None:
    pymemcache.Client(("cache", 11211)).set("offsets", json.dumps(offsets))
