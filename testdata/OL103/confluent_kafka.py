"""OL103 fixture (confluent-kafka): broad or transient handlers in consume loops that neither
handle the failed message nor leave the loop. Reported at the `except` clause.
"""
import json
import logging
import os
import sys

from confluent_kafka import Consumer, KafkaException, Producer

from billing import apply_payment, notify

log = logging.getLogger(__name__)

consumer = Consumer({"bootstrap.servers": "localhost:9092", "group.id": "billing", "enable.auto.commit": False})
dlq = Producer({"bootstrap.servers": "localhost:9092"})


def on_delivery(err, msg):
    if err is not None:
        log.error("dead letter failed: %s", err)


def skips():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        try:
            apply_payment(msg.value())
        except Exception:  # expect: OL103
            log.exception("failed")
            continue
        try:
            notify(json.loads(msg.value()))
        except ConnectionError:  # expect: OL103
            pass
        try:
            payload = msg.value()
            apply_payment(payload)
        except:  # expect: OL103
            log.warning("failed, moving on")
        consumer.commit(message=msg)


def leaves():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        try:
            apply_payment(msg.value())
        except ConnectionError:
            log.error("payment service down")
            raise
        except TimeoutError:
            break
        except OSError:
            return
        except KafkaException as e:
            log.critical("fatal: %s", e)
            sys.exit(1)
        except Exception:  # expect: OL103
            if fatal():
                os._exit(2)  # leaves on this path only: the loop goes on past the others
            log.exception("failed")
        consumer.commit(message=msg)


def handles():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        try:
            apply_payment(msg.value())
        except json.JSONDecodeError:
            continue  # poison only: skipping it is the point
        except ValueError:
            consumer.commit(message=msg)  # committed as poison (OL102 judges broad ones)
            continue
        except ConnectionError:
            consumer.seek(msg)  # seek back: it is redelivered
            continue
        except Exception:
            dlq.produce("payments.dlq", msg.value(), on_delivery=on_delivery)  # dead-lettered
        consumer.commit(message=msg)  # expect: OL204


def not_about_a_message():
    while True:
        try:
            msg = consumer.poll(1.0)  # a handler around the poll itself
        except KafkaException:
            log.warning("poll failed")
            continue
        if msg is None:
            continue
        try:
            log.info("offset %s", msg.offset())
            consumer.commit(message=msg)  # a failed commit is not a failed message  # expect: OL104
        except KafkaException:
            log.warning("commit failed")
        apply_payment(msg.value())


def retry_loop():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        for attempt in range(3):
            try:
                apply_payment(msg.value())
                break
            except ConnectionError:
                log.warning("attempt %d failed", attempt)  # the retry loop retries
        consumer.commit(message=msg)


def one_message(msg):
    try:
        apply_payment(msg.value())
    except Exception:
        log.exception("not in a consume loop")


def batches():
    while True:
        for msg in consumer.consume(100, timeout=1.0):
            try:
                apply_payment(msg.value())
            except Exception:  # expect: OL103
                log.exception("failed")
        consumer.commit()  # offsetlint: ignore[OL101] batch commit after the loop


def fatal():
    return False
