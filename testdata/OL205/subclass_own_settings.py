"""OL205 fixture (kafka-python): a producer subclass whose constructor takes nothing from its
callers sets `acks` in the settings it builds for `super().__init__(..)`; the finding is at
that call, once, whatever constructs the class."""
from kafka import KafkaProducer


class Producer(KafkaProducer):
    def __init__(self):
        self.get_config()
        super().__init__(**self.producer_kwargs)  # expect: OL205

    def get_config(self):
        self.producer_kwargs = {}
        self.producer_kwargs["bootstrap_servers"] = "kafka:9092"
        self.producer_kwargs["acks"] = 1


class DurableProducer(KafkaProducer):
    def __init__(self):
        self.get_config()
        super().__init__(**self.producer_kwargs)

    def get_config(self):
        self.producer_kwargs = {"bootstrap_servers": "kafka:9092"}
        self.producer_kwargs["acks"] = "all"


def main():
    for producer in (Producer(), Producer(), DurableProducer()):
        producer.send("events", b"x").get(timeout=10)
