"""OL103: a function the consume loop calls once per message, whose handler swallows the
failure and returns normally, lets the loop go on past the message. A helper whose result
the loop tests, or whose handler hands the message on, is not flagged."""
from confluent_kafka import Consumer


def handle(msg) -> None:
    try:
        store(msg.value())
    except Exception as e:  # expect: OL103
        print(e)


def handle_checked(msg) -> bool:
    try:
        store(msg.value())
    except Exception as e:
        print(e)
        return False
    return True


def handle_with_retry(msg) -> None:
    try:
        store(msg.value())
    except Exception as exc:
        park_for_retry(msg, exc)


def run() -> None:
    c = Consumer({"group.id": "g", "enable.auto.commit": False})
    while True:
        msg = c.poll(1)
        if msg is None:
            continue
        handle(msg)
        handle_with_retry(msg)
        if not handle_checked(msg):
            break
        c.commit(msg)


def store(value) -> None:
    print(value)


def park_for_retry(msg, exc) -> None:
    raise RuntimeError(exc) from exc


class Handler:
    """The protected call reads what the helper derived from the message."""

    def __init__(self, consumer: Consumer) -> None:
        self.consumer = consumer

    def on_message(self, incoming) -> None:
        data = incoming.value()
        event = parse(data)
        try:
            store(event)
        except Exception as exc:  # expect: OL103
            print("unhandled", exc)

    def run(self) -> None:
        while True:
            msg = self.consumer.poll(1)
            if msg is None:
                continue
            self.on_message(msg)


def parse(data):
    return data
