"""Consumes payments and writes them to the ledger."""
from confluent_kafka import Consumer

from ingest.settings import CONSUMER_CONF


def save_checkpoint(offset):
    with open("/var/lib/ingest/checkpoint", "w") as f:
        f.write(str(offset))


class PaymentWorker:
    def __init__(self, ledger):
        self.consumer = Consumer(CONSUMER_CONF)
        self.ledger = ledger

    def run(self):
        self.consumer.subscribe(["payments"])
        while True:
            msg = self.consumer.poll(1.0)
            if msg is None or msg.error():
                continue
            self.ledger.write(msg.value())
            self.consumer.commit()
            save_checkpoint(msg.offset())

    def rewind(self, partitions):
        for tp in partitions:
            self.consumer.seek(tp)
