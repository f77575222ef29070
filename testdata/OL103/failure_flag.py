"""OL103 fixture (confluent-kafka): a handler that records the failure in a name tested right
after its `try`, where the branch taken leaves the loop, ends the loop one statement later;
a flag the loop only logs does not."""
import json
import logging

from confluent_kafka import Consumer

from jobs import run_job

log = logging.getLogger(__name__)


def work(consumer: Consumer):
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        try:
            task = json.loads(msg.value())
        except Exception:
            log.exception("bad task")
            task = None
        if task is None:
            log.error("contract broken, stopping")
            break
        run_job(task)
        consumer.commit(message=msg)


def work_on(consumer: Consumer):
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        try:
            task = json.loads(msg.value())
        except Exception:  # expect: OL103
            log.exception("bad task")
            task = None
        if task is None:
            log.error("skipping a bad task")
        else:
            run_job(task)
        consumer.commit(message=msg)
