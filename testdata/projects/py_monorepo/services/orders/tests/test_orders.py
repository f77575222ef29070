"""`orders_consumer` comes from the monorepo's root conftest.py, another namespace."""
from orders.handler import handle


def test_commits_the_position(orders_consumer):
    msg = orders_consumer.poll(1.0)
    handle(msg)
    orders_consumer.commit()  # expect: OL101


def test_commits_the_message(orders_consumer):
    msg = orders_consumer.poll(1.0)
    handle(msg)
    orders_consumer.commit(message=msg, asynchronous=False)
