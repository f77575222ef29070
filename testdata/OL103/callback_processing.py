"""OL103 fixture (confluent-kafka): a consume loop that hands each message to the callback its
caller gave it. The callback is the only code the message reaches: it is the processing, not
an observer told after the message was handled, so a handler around it that only logs lets the
loop go on past the failed message. (Observers notified after a handler processed the message
are in inner_item_loop.py.)"""
import logging

from confluent_kafka import Consumer

log = logging.getLogger(__name__)


class KafkaService:
    def __init__(self, conf, topic):
        self.consumer = Consumer(conf)
        self.topic = topic

    def consume_messages(self, callback):
        self.consumer.subscribe([self.topic])
        while True:
            msg = self.consumer.poll(timeout=1.0)
            if msg is None or msg.error():
                continue
            message = {"offset": msg.offset(), "value": msg.value().decode("utf-8")}
            try:
                callback(message)
            except Exception as e:  # expect: OL103
                log.error("consumer error: %s", e)

    def consume_and_report(self, handler, callback):
        while True:
            msg = self.consumer.poll(timeout=1.0)
            if msg is None or msg.error():
                continue
            handler(msg.value())
            try:
                callback(msg.offset())
            except Exception as e:
                log.error("observer failed: %s", e)
