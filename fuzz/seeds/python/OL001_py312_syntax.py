"""Valid Python 3.12: PEP 695 type parameters and aliases, PEP 701 f-strings, `match`.

Must parse: no OL001, and nothing else here is a finding (the commit names its message).
"""
from collections.abc import Callable

from confluent_kafka import Consumer, Message

type Handler = Callable[[Message], None]


def first[T](items: list[T]) -> T:
    return items[0]


def describe(msg: Message) -> str:
    headers = dict(msg.headers() or [])
    return f"{msg.topic()}[{msg.partition()}]@{msg.offset()} {f"{len(headers)} headers"}"


def run(consumer: Consumer) -> None:
    while True:
        msg = consumer.poll(1.0)
        match msg:
            case None:
                continue
            case _ if msg.error():
                raise RuntimeError(str(msg.error()))
            case _:
                print(describe(msg))
                consumer.commit(message=msg, asynchronous=False)  # names the handled message
