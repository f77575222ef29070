from confluent_kafka import Producer
from mypkg.kafka import DeliveryTracker

from exporter import save_checkpoint

producer = Producer({"bootstrap.servers": "localhost:9092"})


def export(rows, offset: int) -> None:
    tracker = DeliveryTracker(producer)
    for row in rows:
        producer.produce("export", row, on_delivery=tracker.on_delivery)
    tracker.confirm()
    save_checkpoint(offset)
