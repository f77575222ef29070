"""OL103 fixture (confluent-kafka): a worker thread takes polled messages off a queue; its
loop is a consume loop of that consumer."""
import logging
import queue
import threading

from confluent_kafka import Consumer

from payments import apply_payment

log = logging.getLogger(__name__)


def worker(consumer, jobs):
    while True:
        msg = jobs.get()
        try:
            apply_payment(msg.value())
        except Exception:  # expect: OL103
            log.exception("payment failed")
        consumer.commit(message=msg)


def worker_stops(consumer, jobs):
    while True:
        msg = jobs.get()
        try:
            apply_payment(msg.value())
        except Exception:
            log.exception("payment failed")
            raise
        consumer.commit(message=msg)


def run(conf):
    consumer = Consumer(conf)
    jobs = queue.Queue()
    threading.Thread(target=worker, args=(consumer, jobs)).start()
    threading.Thread(target=worker_stops, args=(consumer, jobs)).start()
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        jobs.put(msg)
