from confluent_kafka import Consumer

from core.config import KAFKA


def get_consumer():
    return Consumer(KAFKA)
