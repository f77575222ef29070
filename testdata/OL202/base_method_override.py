"""OL202 fixture (confluent-kafka): a producer subclass overrides `flush` and returns what the
client's own flush reports, calling it as `confluent_kafka.Producer.flush(self, ..)` (the
base's method on the instance, which is `super().flush(..)`) and again in a loop until
nothing is pending. Its callers get the count, so they are the ones to check it."""
import confluent_kafka


class PollingProducer(confluent_kafka.Producer):
    def flush(self, timeout=None):
        pending = confluent_kafka.Producer.flush(self, timeout=0)
        while pending > 0:
            pending = confluent_kafka.Producer.flush(self, timeout=0)
        return pending


class SuperProducer(confluent_kafka.Producer):
    def flush(self, timeout=None):
        pending = super().flush(0)
        while pending > 0:
            pending = super().flush(0)
        return pending


class Sender:
    def __init__(self, conf):
        self._producer = PollingProducer(conf)
        self._other = SuperProducer(conf)

    def send_sync(self, timeout=None):
        self._producer.flush(timeout)  # expect: OL202
        self._other.flush(timeout)  # expect: OL202

    def close(self, timeout=None):
        if self._producer.flush(timeout) or self._other.flush(timeout):
            raise RuntimeError("messages left undelivered")
