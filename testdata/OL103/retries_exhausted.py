"""OL103 fixture (confluent-kafka): a retry loop inside the consume loop that gives up after
its attempts and goes on with the next batch, whose commit then covers the dropped one."""
import logging
import time

from confluent_kafka import Consumer

from sink import write_batch

log = logging.getLogger(__name__)


def drops_the_batch(consumer: Consumer):
    while True:
        msgs = consumer.consume(100, 1.0)
        if not msgs:
            continue
        for attempt in range(3):
            try:
                write_batch([m.value() for m in msgs])
                break
            except Exception:  # expect: OL103
                log.warning("write failed, attempt %d", attempt)
                time.sleep(2**attempt)
        else:
            log.error("giving up on this batch, continue with next batch")
            continue
        consumer.commit(asynchronous=False)  # expect: OL101


def stops_after_retries(consumer: Consumer):
    while True:
        msgs = consumer.consume(100, 1.0)
        if not msgs:
            continue
        for attempt in range(3):
            try:
                write_batch([m.value() for m in msgs])
                break
            except Exception:
                log.warning("write failed, attempt %d", attempt)
                time.sleep(2**attempt)
        else:
            raise RuntimeError("batch not written after 3 attempts")
        consumer.commit(asynchronous=False)  # expect: OL101
