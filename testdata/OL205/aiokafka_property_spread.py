"""OL205 fixture (aiokafka): settings spread from a property of a base class are read through
the property's returned dict (`dict(..)`, keys only dropped afterwards), so a producer whose
spread never sets `acks` gets aiokafka's default, `acks=1`."""
from aiokafka import AIOKafkaProducer


class BaseSettings:
    security_protocol = None
    sasl_mechanism = None

    @property
    def connection_kwargs(self):
        d = dict(
            security_protocol=self.security_protocol,
            sasl_mechanism=self.sasl_mechanism,
        )
        for k in tuple(d.keys()):
            if d[k] is None:
                d.pop(k)
        return d

    @property
    def durable_kwargs(self):
        return dict(acks="all", security_protocol=self.security_protocol)


class Publisher(BaseSettings):
    address = "localhost:9092"

    def producer(self):
        return AIOKafkaProducer(bootstrap_servers=self.address, **self.connection_kwargs)  # expect: OL205

    def durable_producer(self):
        return AIOKafkaProducer(bootstrap_servers=self.address, **self.durable_kwargs)
