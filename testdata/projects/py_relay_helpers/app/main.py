from confluent_kafka import Consumer, Producer

from app.publish import Publisher, forward


def run(conf):
    consumer = Consumer(conf)
    publisher = Publisher(conf)
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        publisher.publish(msg.value())
        consumer.commit(message=msg)  # expect: OL204


def run_swallowing(conf):
    consumer = Consumer(conf)
    publisher = Publisher(conf)
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        publisher.publish_swallowing(msg.value())
        consumer.commit(message=msg)  # expect: OL204


def run_forward(conf):
    consumer = Consumer(conf)
    producer = Producer(conf)
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        forward(producer, msg.value())
        consumer.commit(message=msg)  # expect: OL204


def run_confirmed(conf):
    consumer = Consumer(conf)
    publisher = Publisher(conf)
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        publisher.publish_confirmed(msg.value())
        consumer.commit(message=msg)
