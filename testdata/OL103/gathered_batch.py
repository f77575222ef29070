"""OL103 (confluent-kafka): a loop that gathers a batch (`while len(batch) < n: poll`), then
processes it under a handler that only logs and empties the batch whatever happened: the
failed batch is gone and the next batch's commit covers its offsets. The twin keeps the batch
when processing fails (it is emptied only after it went through), so the next pass retries it."""
import logging

from confluent_kafka import Consumer

log = logging.getLogger(__name__)


def store(rows):
    pass


def dropped(consumer: Consumer):
    batch = []
    while True:
        while len(batch) < 100:
            msg = consumer.poll(1.0)
            if msg is None or msg.error():
                continue
            batch.append(msg.value())
        try:
            store(batch)
            consumer.commit(asynchronous=False)  # expect: OL101
        except Exception as e:  # expect: OL103
            log.error("batch failed: %s", e)
        batch.clear()


def kept(consumer: Consumer):
    batch = []
    while True:
        while len(batch) < 100:
            msg = consumer.poll(1.0)
            if msg is None or msg.error():
                continue
            batch.append(msg.value())
        try:
            store(batch)
            consumer.commit(asynchronous=False)  # expect: OL101
            batch.clear()
        except Exception as e:
            log.error("batch failed, retrying: %s", e)
