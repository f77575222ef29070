"""Names no Kafka module: the clients reach it through the constructor and a call."""

from app.steps import settle


class Handler:
    def __init__(self, kc, kp):
        self._kc = kc
        self._kp = kp

    def run(self) -> None:
        while True:
            msg = self._kc.poll(1.0)
            if msg is None:
                continue
            self._kp.produce("out", msg.value())
            self._kp.flush()
            settle(self._kc, msg)  # expect: OL204
            self._kc.commit()  # expect: OL101, OL204

    def run_well(self) -> None:
        while True:
            msg = self._kc.poll(1.0)
            if msg is None:
                continue
            print(msg.value())
            self._kc.commit(message=msg)


def run_batch(consumer) -> None:
    for msg in consumer.consume(10, 1.0):
        print(msg.value())
    consumer.commit(asynchronous=False)  # expect: OL101


class Session:
    """A database session's commit: never a Kafka finding."""

    def __init__(self, db):
        self._db = db

    def save(self) -> None:
        self._db.commit()
