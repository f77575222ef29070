"""OL103 fixture (confluent-kafka): a handler that commits a message as poison once it
has failed `max_attempts` times, and below that sleeps and goes on (`continue`): the message
is not polled again (nothing seeks back), so its next attempt never comes and the next
commit covers it. A handler whose other branch seeks back does retry it."""
import logging
import time

from confluent_kafka import Consumer, TopicPartition

log = logging.getLogger(__name__)


def consume(conf, handle, max_attempts=3):
    consumer = Consumer(conf)
    attempts = {}
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        key = (msg.topic(), msg.partition(), msg.offset())
        try:
            handle(msg.value())
            consumer.commit(message=msg)
        except Exception as exc:  # expect: OL103
            attempts[key] = attempts.get(key, 0) + 1
            if attempts[key] >= max_attempts:
                log.error("giving up on %s: %s", key, exc)
                consumer.commit(message=msg)  # expect: OL102
            else:
                time.sleep(1)
                continue


def consume_again(conf, handle, max_attempts=3):
    consumer = Consumer(conf)
    attempts = {}
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        key = (msg.topic(), msg.partition(), msg.offset())
        try:
            handle(msg.value())
            consumer.commit(message=msg)
        except Exception as exc:
            attempts[key] = attempts.get(key, 0) + 1
            if attempts[key] >= max_attempts:
                log.error("giving up on %s: %s", key, exc)
                consumer.commit(message=msg)  # expect: OL102
            else:
                consumer.seek(TopicPartition(msg.topic(), msg.partition(), msg.offset()))
                continue
