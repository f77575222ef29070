"""The service runs from the project's directory: `src` is a namespace package over the same
files as the `src/` source root, so `src.broker.mq` is this project's `broker.mq`."""
import logging

from src.broker.mq import consume

logger = logging.getLogger(__name__)


def store(msg):
    print(msg.value())


def main():
    consumer = consume.init_consumer(logger)
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        try:
            store(msg)
        except Exception:  # expect: OL103
            logger.exception("failed")
        consumer.commit()  # expect: OL101
