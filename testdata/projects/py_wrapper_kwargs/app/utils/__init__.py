"""A service's factory: one tuple of clients per call, the callers' settings spread in."""
from confluent_kafka import Consumer, Producer


def set_producer_consumer(producer_extra_config=None, consumer_extra_config=None):
    producer_extra_config = producer_extra_config or dict()
    consumer_extra_config = consumer_extra_config or dict()
    producer = Producer({"partitioner": "murmur2_random", **producer_extra_config})
    consumer = Consumer({"enable.auto.commit": False, **consumer_extra_config})
    return (producer, consumer)


def delivery_report(err, msg):
    if err is not None:
        raise RuntimeError(err)
