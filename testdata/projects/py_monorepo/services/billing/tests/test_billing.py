"""No fixture of that name reaches billing's tests from its own namespace, but the root
conftest is above it too."""
from billing.kafka import make_producer


def test_consumer_from_the_root(orders_consumer):
    orders_consumer.poll(1.0)
    orders_consumer.commit()  # expect: OL101


def test_producer(orders_consumer):
    make_producer().flush()
