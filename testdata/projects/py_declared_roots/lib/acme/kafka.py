from confluent_kafka import Consumer


def make_consumer(group):
    return Consumer({"bootstrap.servers": "kafka:9092", "group.id": group, "enable.auto.commit": False})
