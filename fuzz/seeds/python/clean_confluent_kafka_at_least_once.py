"""A correct at-least-once confluent-kafka service: consume, transform, produce, commit.

Clean fixture with Kafka code: per-message commits, a delivery callback on every
produce, a checked flush result, offsets from the handled message. Expected findings:
none.
"""
import json
import logging
import signal

from confluent_kafka import Consumer, KafkaException, Producer, TopicPartition

log = logging.getLogger(__name__)
running = True


def stop(*_args) -> None:
    global running
    running = False


class DeliveryTracker:
    def __init__(self) -> None:
        self.failed: list = []

    def __call__(self, err, msg) -> None:
        if err is not None:
            self.failed.append((msg.topic(), msg.partition(), err))


def main() -> None:
    signal.signal(signal.SIGTERM, stop)
    tracker = DeliveryTracker()
    consumer = Consumer({
        "bootstrap.servers": "localhost:9092",
        "group.id": "enricher",
        "enable.auto.commit": False,
        "enable.auto.offset.store": False,
    })
    producer = Producer({"bootstrap.servers": "localhost:9092", "enable.idempotence": True})
    consumer.subscribe(["raw"])
    try:
        while running:
            msg = consumer.poll(1.0)
            if msg is None:
                continue
            if msg.error():
                raise KafkaException(msg.error())
            record = json.loads(msg.value())
            record["enriched"] = True
            producer.produce("enriched", json.dumps(record).encode(), key=msg.key(), on_delivery=tracker)
            if producer.flush(10) > 0 or tracker.failed:
                raise RuntimeError(f"delivery failed: {tracker.failed}")
            consumer.store_offsets(message=msg)
            consumer.commit(
                offsets=[TopicPartition(msg.topic(), msg.partition(), msg.offset() + 1)],
                asynchronous=False,
            )
    finally:
        consumer.close()
