"""A delivery callback bound with `functools.partial`: what it does is the function's."""

from functools import partial

from infra.kafka import producer

FAILED = []


def report(err, msg, topic):
    if err is not None:
        FAILED.append(topic)


def publish(value):
    producer.producer.produce("audit", value, on_delivery=partial(report, topic="audit"))
