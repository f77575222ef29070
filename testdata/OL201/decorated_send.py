"""OL201 (kafka-python): a retry decorator applied in place to a bound send
(`retry(self._producer.send)(..)`) runs the send with the outer call's arguments and returns
its future: dropping that future drops the delivery result (kafka-python's `flush()` reports
no failure)."""
import tenacity
from kafka import KafkaProducer

retry = tenacity.retry(stop=tenacity.stop_after_attempt(3), reraise=True)


class Publisher:
    def __init__(self, servers):
        self._producer = KafkaProducer(bootstrap_servers=servers, acks="all")

    def publish(self, topic, message):
        retry(self._producer.send)(topic, value=message)  # expect: OL201
        retry(self._producer.flush)()

    def publish_confirmed(self, topic, message):
        future = retry(self._producer.send)(topic, value=message)
        future.get(timeout=10)
