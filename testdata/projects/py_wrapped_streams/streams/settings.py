"""Configs built where they are not used."""
from confluent_kafka import Producer
from kafka import KafkaConsumer, KafkaProducer


def create_producer(servers: str, acks: str = "1"):
    # No caller in the project: its users' calls that leave `acks` out get "1".
    return Producer({"bootstrap.servers": servers, "acks": acks})  # expect: OL205


def create_durable_producer(servers: str, acks: str = "all"):
    return Producer({"bootstrap.servers": servers, "acks": acks})


class BoostConsumer(KafkaConsumer):
    """Passes its own keywords, and whatever else its callers give, to the client."""

    def __init__(self, bootstrap_servers, topics, group_id=None, user_id=None, **kwargs):
        super().__init__(
            bootstrap_servers=bootstrap_servers,
            group_id=group_id,
            value_deserializer=lambda v: v,
            **kwargs
        )
        self.user_id = user_id


def boost_auto_commit():
    return BoostConsumer(bootstrap_servers="k:9092", topics=["t"], group_id="g", max_poll_records=50)  # expect: OL105


def boost_manual_commit():
    return BoostConsumer(
        bootstrap_servers="k:9092", topics=["t"], group_id="g", enable_auto_commit=False
    )


class StatusChannel:
    """A producer's settings written into an attribute in the constructor and, under a
    constant key, in another method."""

    def __init__(self):
        self._props: dict = {}
        self._props["acks"] = 1
        self._props["retries"] = 10
        self._producer = None

    def set_location(self, location):
        self._props["bootstrap_servers"] = location

    def open(self):
        self._producer = KafkaProducer(**self._props)  # expect: OL205


class DurableChannel:
    def __init__(self):
        self._props: dict = {}
        self._props["acks"] = "all"
        self._producer = None

    def set_location(self, location):
        self._props["bootstrap_servers"] = location

    def open(self):
        self._producer = KafkaProducer(**self._props)
