"""Suggestions are code that runs where they are shown (catalog, "What a run promises")."""
from confluent_kafka import Consumer, TopicPartition


class Acker:
    """A wrapper: its `message` parameter decides; `record` is something else."""

    def __init__(self, conf: dict) -> None:
        self._c = Consumer(conf)

    def ack(self, record, message=None) -> None:
        print(record)
        if message is None:
            self._c.commit()
            return
        self._c.commit(message=message)

    def ack_msg(self, msg=None) -> None:
        if msg is None:
            self._c.commit(asynchronous=False)
        else:
            self._c.commit(msg, asynchronous=False)


class Settler:
    """A wrapper deciding on `offsets`; `message` is only logged."""

    def __init__(self, conf: dict) -> None:
        self._c = Consumer(conf)

    def settle(self, message=None, offsets=None) -> None:
        print(message)
        if offsets is None:
            self._c.commit()
        else:
            self._c.commit(offsets=offsets)


def wrappers(conf: dict) -> None:
    acker = Acker(conf)
    settler = Settler(conf)
    consumer = Consumer(conf)
    msg = consumer.poll(1.0)
    # A positional argument the call passes stays before the inserted keyword.
    # suggests: acker.ack(msg, message=msg)
    acker.ack(msg)  # expect: OL101
    # The wrapper's own parameter name.
    # suggests: acker.ack_msg(msg=msg)
    acker.ack_msg()  # expect: OL101
    # Its slot is `offsets`; `message=msg` is already passed: never repeated.
    # suggests: none
    settler.settle(message=msg)  # expect: OL101


def both_forms(conf: dict) -> None:
    consumer = Consumer(conf)
    msg = consumer.poll(1.0)
    # Explicit offsets with `message=None`: not a position-wide commit.
    consumer.commit(message=None, offsets=[TopicPartition(msg.topic(), msg.partition(), msg.offset() + 1)])


def batch(conf: dict) -> None:
    consumer = Consumer(conf)
    while True:
        msgs = consumer.consume(100, 1.0)
        for m in msgs:
            print(m.value())
        # A batch spans partitions: the offsets of the last message of each, not one message.
        # suggests: consumer.commit(offsets=[TopicPartition(t, p, o + 1) for (t, p), o in {(m.topic(), m.partition()): m.offset() for m in msgs}.items()], asynchronous=False)
        consumer.commit(asynchronous=False)  # expect: OL101


def branches(conf: dict, flag: bool) -> None:
    consumer = Consumer(conf)
    if flag:
        msg = consumer.poll(1.0)
        print(msg)
    else:
        # `msg` is bound only in the other branch.
        # suggests: consumer.commit(message=<message>)
        consumer.commit()  # expect: OL101


def batch_each(conf: dict) -> None:
    consumer = Consumer(conf)
    msgs = consumer.consume(100, 1.0)
    for m in msgs:
        print(m.value())
        # Inside a loop over the batch: the loop's message.
        # suggests: consumer.commit(message=m)
        consumer.commit()  # expect: OL101
