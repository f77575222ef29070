"""OL204 fixture (kafka-python): `send(..)` returns a future; dropping it leaves the delivery
unconfirmed, `.get()` confirms it."""
from kafka import KafkaProducer

from exporter import save_checkpoint

producer = KafkaProducer(bootstrap_servers="localhost:9092")


def export(rows, last_id):
    for row in rows:
        producer.send("rows", row)  # expect: OL201
    save_checkpoint(last_id)  # expect: OL204


def export_confirmed(rows, last_id):
    for row in rows:
        producer.send("rows", row).get(timeout=10)
    save_checkpoint(last_id)


def export_futures(rows, last_id):
    futures = [producer.send("rows", row) for row in rows]
    for f in futures:
        f.get(timeout=10)
    save_checkpoint(last_id)
