"""What `importlib.import_module(modname)` might load: never guessed."""
from confluent_kafka import Consumer


def build_source():
    return Consumer({"bootstrap.servers": "kafka:9092", "group.id": "ledger"})  # expect: OL105


class Services:
    source = Consumer({"bootstrap.servers": "kafka:9092", "group.id": "ledger"})
