"""OL104 fixture (confluent-kafka): a commit in a `try`'s `else:` runs only once the body
succeeded; it is before the effect only when message data is used after the whole `try`."""
import logging

from confluent_kafka import Consumer, Producer

from payments import apply_payment, store

log = logging.getLogger(__name__)
consumer = Consumer({"bootstrap.servers": "kafka:9092", "group.id": "g", "enable.auto.commit": False})
producer = Producer({"bootstrap.servers": "kafka:9092"})


def log_it(err, msg):
    if err is not None:
        log.error("%s", err)


def committed_in_else():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        try:
            apply_payment(msg.value())
        except ValueError:
            log.warning("poison message")
            producer.produce("dlq", msg.value(), on_delivery=log_it)
        else:
            consumer.commit(message=msg)
        finally:
            log.info("handled %s", msg.value())


def used_after_the_try():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        try:
            result = apply_payment(msg.value())
        except ValueError:
            continue
        else:
            consumer.commit(message=msg)  # expect: OL104
        store(result)
