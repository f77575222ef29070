"""OL201 fixture (kafka-python): a field only ever set to `None` holds no client, whatever its
name says; a placeholder filled later holds the client it is filled with."""
from kafka import KafkaProducer


class NeverConnected:
    __PRODUCER = None

    def send(self, topic, payload):
        if self.__PRODUCER is not None:
            self.__PRODUCER.send(topic, value=payload)


class ConnectedLater:
    _producer = None

    def connect(self, hosts):
        self._producer = KafkaProducer(bootstrap_servers=hosts)

    def send(self, topic, payload):
        self._producer.send(topic, value=payload)  # expect: OL201
