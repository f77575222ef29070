"""The checkpoint store: local state only."""
import json


def save(offset: int) -> None:
    with open("checkpoint.json", "w") as f:
        json.dump({"offset": offset}, f)
