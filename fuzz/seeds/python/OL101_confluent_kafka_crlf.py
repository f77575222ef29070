"""CRLF line endings: finding lines must be counted the same as with LF."""
from confluent_kafka import Consumer


def run(conf: dict) -> None:
    consumer = Consumer(conf)
    consumer.subscribe(["orders"])
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        consumer.commit(message=msg)  # names the handled message
        consumer.commit()  # expect: OL101
