"""Suppression comments and OL002 (unused-suppression), Python.

A suppression applies to findings on its own line or on the line below. Used
suppressions produce nothing; a suppression that suppressed nothing is OL002 on the
comment's line; a suppression for the wrong code leaves the real finding and is itself
unused. Suppressed lines are kept apart (a suppression also covers the next line).
"""
import json
import logging

from confluent_kafka import Consumer, Producer

log = logging.getLogger(__name__)

HELP = "silence with '# offsetlint: ignore[OL101] reason' on the commit line"


def on_delivery(err, msg) -> None:
    if err is not None:
        log.error("delivery failed: %s", err)


def run(conf: dict) -> None:
    consumer = Consumer(conf)
    producer = Producer({"bootstrap.servers": "localhost:9092"})
    consumer.subscribe(["orders"])
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        body = json.loads(msg.value())

        consumer.commit()  # offsetlint: ignore[OL101] offset store is disabled in the shared conf

        log.info("order %s", body.get("id"))
        # offsetlint: ignore[OL101] every failure above re-raises, so the position is this message
        consumer.commit(asynchronous=False)

        log.info("again %s", body.get("id"))
        consumer.commit()  # noqa: OL101

        log.info("named %s", body.get("id"))
        consumer.commit()  # offsetlint: ignore[bare-commit] the kebab-case name works too

        log.info("no reason %s", body.get("id"))
        consumer.commit()  # offsetlint: ignore[OL101]

        log.info("produce %s", body.get("id"))
        # offsetlint: ignore[unconfirmed-produce] metrics topic, loss is acceptable
        producer.produce(
            "metrics",
            value=b"1",
        )

        log.info("flush %s", body.get("id"))
        producer.flush(1)  # offsetlint: ignore[OL202] best-effort drain on each message

        log.info("stale %s", body.get("id"))
        consumer.commit(message=msg)  # offsetlint: ignore[OL101] stale: this commit names its message  # expect: OL002, OL204

        log.info("stale above %s", body.get("id"))
        # offsetlint: ignore[OL101] stale: the line below no longer commits the position  # expect: OL002
        consumer.commit(msg)  # expect: OL204

        log.info("stale noqa %s", body.get("id"))
        consumer.commit(message=msg)  # noqa: OL101  # expect: OL002, OL204

        log.info("wrong code %s", body.get("id"))
        consumer.commit()  # offsetlint: ignore[OL201] wrong code: the finding here is OL101  # expect: OL101, OL002, OL204

        log.info("too far %s", body.get("id"))
        # offsetlint: ignore[OL101] two lines above the commit: out of reach  # expect: OL002
        log.info("in between")
        consumer.commit()  # expect: OL101, OL204

        log.info("in a string: # offsetlint: ignore[OL101] this is string text, not a comment")
        consumer.commit()  # expect: OL101, OL204

        log.info("mid-call %s", body.get("id"))
        producer.produce(  # expect: OL201
            "metrics",
            value=b"2",  # offsetlint: ignore[OL201] not on the call's first line nor the line above it  # expect: OL002
        )
        producer.produce("confirmed", value=b"3", on_delivery=on_delivery)
        remaining = producer.flush(5)
        if remaining:
            raise RuntimeError("metrics not delivered")
