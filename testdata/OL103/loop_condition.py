"""OL103 fixture (confluent-kafka): a handler that clears the condition of its `while
running:` loop, in a `try` that ends the loop's body, stops the loop when it is tested next:
it does not go on past the message. One that sets a flag the loop does not test does."""
import logging

from confluent_kafka import Consumer, KafkaException

log = logging.getLogger(__name__)


def replay(conf, handle):
    consumer = Consumer(conf)
    running = True
    while running:
        try:
            msg = consumer.poll(1.0)
            if msg is None or msg.error():
                continue
            handle(msg.value())
            consumer.commit(message=msg)
        except KafkaException as e:
            log.error("stopping: %s", e)
            running = False


def keeps_going(conf, handle):
    consumer = Consumer(conf)
    failed = False
    while True:
        try:
            msg = consumer.poll(1.0)
            if msg is None or msg.error():
                continue
            handle(msg.value())
            consumer.commit(message=msg)
        except KafkaException as e:  # expect: OL103
            log.error("failed: %s", e)
            failed = True
    return failed
