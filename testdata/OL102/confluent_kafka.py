"""OL102 fixture (confluent-kafka): commits on failure paths.

Flagged: a commit (any form) in an `except` clause catching everything (`Exception`,
`BaseException`, a bare `except:`) or a transient-looking type, or in a `finally:` block.
Not flagged: poison-only handlers (deserialization and validation errors), handlers for
types the tables do not know, commits after success, and a handler around the poll itself.
"""
import json
import logging

import requests
from confluent_kafka import Consumer, KafkaException
from pydantic import ValidationError

from billing import apply_payment, dead_letter

log = logging.getLogger(__name__)

consumer = Consumer({"bootstrap.servers": "localhost:9092", "group.id": "billing", "enable.auto.commit": False})
stored = Consumer({"bootstrap.servers": "localhost:9092", "group.id": "ledger", "enable.auto.offset.store": False})


class PaymentDeclined(Exception):
    """A project exception deriving from `Exception`: broad through its base."""


class BadPayload(ValueError):
    """A project exception deriving from a poison type."""


class Unrelated:
    pass


def broad(msg):
    try:
        apply_payment(msg.value())
    except Exception:
        log.exception("failed")
        consumer.commit(message=msg)  # expect: OL102


def bare(msg):
    try:
        apply_payment(msg.value())
    except:  # noqa: E722
        consumer.commit(msg)  # expect: OL102
        raise


def base_exception(msg):
    try:
        apply_payment(msg.value())
    except BaseException as e:
        stored.store_offsets(message=msg)  # expect: OL102
        raise e


def transient(msg):
    try:
        apply_payment(msg.value())
    except ConnectionError:
        consumer.commit(message=msg)  # expect: OL102
    except requests.exceptions.Timeout:
        consumer.commit(message=msg)  # expect: OL102
    except (ValueError, OSError):
        consumer.commit(message=msg)  # expect: OL102
    except KafkaException:
        consumer.commit(message=msg)  # expect: OL102


def project_types(msg):
    try:
        apply_payment(msg.value())
    except BadPayload:
        consumer.commit(message=msg)  # poison: a ValueError
    except PaymentDeclined:
        consumer.commit(message=msg)  # expect: OL102
    except Unrelated:
        consumer.commit(message=msg)  # a type the tables do not classify


def in_finally(msg):
    try:
        apply_payment(msg.value())
    finally:
        consumer.commit(message=msg)  # expect: OL102


def shutdown():
    try:
        while True:
            msg = consumer.poll(1.0)
            if msg is None:
                continue
            apply_payment(msg.value())
            consumer.commit(message=msg)  # in the try body: after success
    finally:
        consumer.commit()  # expect: OL101, OL102
        consumer.close()


def manual_store():
    try:
        while True:
            msg = stored.poll(1.0)
            if msg is None:
                continue
            apply_payment(msg.value())
            stored.store_offsets(message=msg)
    finally:
        stored.commit()  # offset store off: commits only what was stored after success
        stored.close()


def poison(msg):
    try:
        payment = json.loads(msg.value())
    except json.JSONDecodeError:
        dead_letter(msg)
        consumer.commit(message=msg)  # poison: the documented path
        return
    except (KeyError, UnicodeDecodeError, ValidationError):
        consumer.commit(message=msg)  # poison types only
        return
    else:
        apply_payment(payment)
        consumer.commit(message=msg)  # `else:` runs after success


def around_poll():
    while True:
        try:
            msg = consumer.poll(1.0)
        except KafkaException:
            consumer.commit()  # offsetlint: ignore[OL101] no message was received here
            continue
        if msg is not None:
            apply_payment(msg.value())
            consumer.commit(message=msg)


def commit_retry(msg):
    apply_payment(msg.value())
    try:
        consumer.commit(message=msg, asynchronous=False)
    except KafkaException:
        log.warning("commit failed, retrying")
        consumer.commit(message=msg, asynchronous=False)  # the commit failed, not the processing


def nested(msg):
    try:
        apply_payment(msg.value())
    except Exception:
        try:
            dead_letter(msg)
        except ValueError:
            consumer.commit(message=msg)  # expect: OL102
        raise


def heuristic(kafka_consumer, msg):
    try:
        apply_payment(msg.value())
    except Exception:
        kafka_consumer.commit(message=msg)  # expect: OL102
