"""A Pyramid add-on: the Kafka manager lives on the application's registry."""

from pyr.manager import KafkaManager


def includeme(config):
    config.registry.kafka = KafkaManager(config.get_settings())
