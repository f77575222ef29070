"""The consumer, built in a module the app imports as `src.broker.mq.consume`."""
from confluent_kafka import Consumer


def init_consumer(logger):
    try:
        consumer = Consumer({"group.id": "broker", "enable.auto.commit": False})
        consumer.subscribe(["uploads"])
        return consumer
    except Exception as e:
        logger.error("Failed to initialize consumer: %s", e)
        raise
