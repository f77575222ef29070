"""OL204 (confluent-kafka): the consume loop hands each failed message to a helper that routes
it to a dead-letter topic through another helper (produce, then an unchecked flush) and then
commits it: the input moves before the dead letter is confirmed."""
from confluent_kafka import Consumer, Producer


class DeadLetters:
    def __init__(self, conf: dict) -> None:
        self._producer = Producer(conf)

    def send(self, topic: str, value: bytes) -> None:
        self._producer.produce(topic + ".dlq", value, on_delivery=self._log)
        self._producer.flush(10)  # expect: OL202

    def send_confirmed(self, topic: str, value: bytes) -> None:
        errors = []
        self._producer.produce(topic + ".dlq", value, on_delivery=lambda err, m: errors.append(err))
        if self._producer.flush(10) != 0 or any(errors):
            raise RuntimeError("dead letter not delivered")

    def _log(self, err, msg) -> None:
        print(err, msg)


class Worker:
    def __init__(self, conf: dict) -> None:
        self._consumer = Consumer(conf)
        self._dlq = DeadLetters(conf)

    def run(self) -> None:
        while True:
            msg = self._consumer.poll(1.0)
            if msg is None or msg.error():
                continue
            try:
                self.handle(msg)
                self._consumer.commit(message=msg)
            except ValueError:
                self._on_error(msg)
            except KeyError:
                self._on_error_confirmed(msg)

    def handle(self, msg) -> None:
        print(msg.value())

    def _on_error(self, msg) -> None:
        self._dlq.send(msg.topic(), msg.value())
        self._consumer.commit(message=msg)  # expect: OL204

    def _on_error_confirmed(self, msg) -> None:
        self._dlq.send_confirmed(msg.topic(), msg.value())
        self._consumer.commit(message=msg)
