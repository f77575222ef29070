from confluent_kafka import Consumer


def build(conf):
    return Consumer(conf)  # expect: OL105
