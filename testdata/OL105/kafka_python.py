"""OL105 fixture (kafka-python): `enable_auto_commit` defaults to true."""
from kafka import KafkaConsumer

flagged = KafkaConsumer("documents", bootstrap_servers="localhost:9092", group_id="indexer")  # expect: OL105
explicit = KafkaConsumer("documents", group_id="indexer", enable_auto_commit=True)  # expect: OL105
manual = KafkaConsumer("documents", group_id="indexer", enable_auto_commit=False)
no_group = KafkaConsumer("documents", bootstrap_servers="localhost:9092")
none_group = KafkaConsumer("documents", group_id=None)


def from_settings(settings) -> KafkaConsumer:
    return KafkaConsumer("documents", group_id="indexer", **settings)
