"""Tests that build their clients through factory fixtures."""
from confluent_kafka import Consumer


def on_delivery(err, msg) -> None:
    assert err is None


def test_project_consumer(consumer_factory):
    consumer = consumer_factory(group_id="a")
    consumer.poll(1.0)
    consumer.commit()


def test_project_consumer_alias(consumer_factory):
    make = consumer_factory
    consumer = make()
    consumer.commit()


def test_project_consumer_lambda(make_consumer):
    consumer = make_consumer("b")
    consumer.commit()


def test_recording_consumer(recording_consumer_factory):
    consumer = recording_consumer_factory()
    consumer.commit()
    assert consumer.commits == 1


def test_kafka_consumer(kafka_consumer_factory):
    consumer = kafka_consumer_factory("c")
    msg = consumer.poll(1.0)
    consumer.commit()  # expect: OL101
    consumer.commit(message=msg)


def test_kafka_consumer_alias(kafka_consumer_factory):
    make = kafka_consumer_factory
    consumer = make("d")
    consumer.commit()  # expect: OL101


def test_kafka_producer_lambda(kafka_producer_factory):
    producer = kafka_producer_factory()
    producer.produce("t", b"v")  # expect: OL201
    producer.produce("t", b"v", on_delivery=on_delivery)


def test_partial_factories(partial_consumer_factory, partial_kafka_factory):
    consumer = partial_consumer_factory()
    consumer.commit()
    kafka_consumer = partial_kafka_factory()
    kafka_consumer.commit()  # expect: OL101


CONF = {"group.id": "e", "enable.auto.commit": False}


def test_direct():
    consumer = Consumer(CONF)
    consumer.commit()  # expect: OL101
