"""kafka-python pinned to 2.0.1 by `setup.py`'s `install_requires`: its default `acks` is 1,
so a producer that leaves it is OL205."""
import json

from kafka import KafkaProducer


class RelayProducer:
    def __init__(self, config: dict):
        self.producer = KafkaProducer(  # expect: OL205
            bootstrap_servers=config["bootstrap_servers"],
            value_serializer=lambda v: json.dumps(v).encode("utf-8"),
        )
        self.audited = KafkaProducer(bootstrap_servers=config["bootstrap_servers"], acks="all")
