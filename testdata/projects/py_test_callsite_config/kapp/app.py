"""A library class configured by its users: only its unit tests call it here, and a test's
settings are not what production code is given, so its config stays not visible."""
from confluent_kafka import Consumer


class App:
    def __init__(self, consumer_config) -> None:
        self.consumer = Consumer(consumer_config)


class Service:
    # Called by the project's own entry point: that call site's config is this consumer's.
    def __init__(self, conf) -> None:
        self.consumer = Consumer(conf)  # expect: OL105
