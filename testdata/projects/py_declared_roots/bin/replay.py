"""Names no Kafka module: `acme` is the installed package, `lib/acme/` in the tree."""

from acme.kafka import make_consumer


def main():
    consumer = make_consumer("replay")
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        print(msg.value())
        consumer.commit()  # expect: OL101
