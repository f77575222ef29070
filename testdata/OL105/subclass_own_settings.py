"""OL105 fixture (kafka-python): a subclass of the client whose constructor takes nothing from
its callers builds the client's settings itself, here in a dict attribute a helper method
fills (`self.get_config()` then `super().__init__(topic, **self.consumer_kwargs)`). Every
construction of the class makes that one client, so the finding is at its
`super().__init__(..)`, once, and not at each `Consumer()`."""
import os

from kafka import KafkaConsumer


class Consumer(KafkaConsumer):
    def __init__(self):
        self.get_config()
        super().__init__(self.kafka_topic, **self.consumer_kwargs)  # expect: OL105

    def get_config(self):
        self.consumer_kwargs = {}
        self.consumer_kwargs["bootstrap_servers"] = os.environ.get("KAFKA_SERVERS")
        self.consumer_kwargs["group_id"] = os.environ.get("CONSUMER_GROUP")
        self.kafka_topic = os.environ.get("KAFKA_TOPIC")


class ManualConsumer(KafkaConsumer):
    def __init__(self):
        self.get_config()
        super().__init__(self.kafka_topic, **self.consumer_kwargs)

    def get_config(self):
        self.consumer_kwargs = {}
        self.consumer_kwargs["bootstrap_servers"] = os.environ.get("KAFKA_SERVERS")
        self.consumer_kwargs["group_id"] = os.environ.get("CONSUMER_GROUP")
        self.consumer_kwargs["enable_auto_commit"] = False
        self.kafka_topic = os.environ.get("KAFKA_TOPIC")


class LocalSettings(KafkaConsumer):
    def __init__(self):
        kwargs = {"bootstrap_servers": "kafka:9092"}
        kwargs["group_id"] = "indexer"
        super().__init__("documents", **kwargs)  # expect: OL105


class OpenSettings(KafkaConsumer):
    def __init__(self):
        self.get_config()
        super().__init__("documents", **self.consumer_kwargs)

    def get_config(self):
        self.consumer_kwargs = {"group_id": "indexer"}
        self.consumer_kwargs.update(load_overrides())  # unknown keys: not complete


def load_overrides():
    return {}


def main():
    for consumer in (Consumer(), Consumer(), ManualConsumer(), LocalSettings(), OpenSettings()):
        consumer.poll(1.0)
