"""Legacy Avro consumers (confluent_kafka.avro, deprecated but deployed).

OL101 fixture: `AvroConsumer` is a confluent-kafka `Consumer`: `commit()` with no message
commits its position.
"""
from confluent_kafka.avro import AvroConsumer

CONF = {
    "bootstrap.servers": "localhost:9092",
    "group.id": "ledger",
    "enable.auto.commit": False,
    "schema.registry.url": "http://registry:8081",
}


def handle(value) -> None:
    print(value)


def run() -> None:
    source = AvroConsumer(CONF)
    source.subscribe(["ledger"])
    while True:
        msg = source.poll(1.0)
        if msg is None or msg.error():
            continue
        handle(msg.value())
        source.commit()  # expect: OL101
        source.commit(message=msg)
