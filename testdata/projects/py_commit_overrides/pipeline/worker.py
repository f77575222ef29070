"""Callers: judged for what they pass."""
from .consumers import Acker, KafkaConsumer


def run(conf: dict) -> None:
    consumer = KafkaConsumer(conf)
    msg = consumer.poll(1.0)
    consumer.commit(msg)
    consumer.commit(message=msg)
    consumer.commit()  # expect: OL101
    consumer.commit(None)  # expect: OL101

    acker = Acker(conf)
    m = acker.poll()
    acker.ack(m)
    acker.ack(message=m)
    acker.ack()  # expect: OL101
    acker.ack_else(m)
    # The wrapper's own parameter (`msg`), not the inner commit's `message=`.
    # suggests: acker.ack_else(msg=<message>)
    acker.ack_else()  # expect: OL101
    acker.ack_all()
    acker.ack_unrelated(m)
