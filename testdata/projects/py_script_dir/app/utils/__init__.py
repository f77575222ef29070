from confluent_kafka import Consumer


def make(conf):
    c = Consumer(conf)  # expect: OL105
    return (1, c)
