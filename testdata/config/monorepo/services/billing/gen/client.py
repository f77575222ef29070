from confluent_kafka import Consumer, Producer

consumer = Consumer({"group.id": "billing", "enable.auto.commit": False})
producer = Producer({"bootstrap.servers": "localhost:9092"})


def generated() -> None:
    consumer.commit()
    producer.flush(5)
