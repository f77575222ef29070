"""Direct imports of forbidden code are each a finding; the transitive ones are one."""
from confluent_kafka import Producer  # expect: OL402
from app import orders_checkpoint  # expect: OL402
from app.publisher import publish  # expect: OL402
from app.settings import SINK


def replay(values: list[bytes]) -> None:
    for v in values:
        publish(v)
    print(Producer, orders_checkpoint, SINK)
