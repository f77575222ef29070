from confluent_kafka import Consumer


class KafkaManager:
    def __init__(self, settings):
        self._group = settings["kafka.group_id"]
        self._consumer = None

    @property
    def consumer(self):
        if self._consumer is None:
            self._consumer = Consumer(
                {"bootstrap.servers": "k:9092", "group.id": self._group, "enable.auto.commit": False}
            )
        return self._consumer
