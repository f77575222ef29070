"""OL205 fixture (kafka-python, confluent-kafka): settings written with `dict.update(..)` in
any of its forms (a mapping, `key=value` keywords, a `**` spread, several at once) are read
in order: `acks` written after the caller's options holds whatever those were, and the
parameter it comes from defaults to 1 at every entry point."""
from confluent_kafka import Producer
from kafka import KafkaProducer


def kafka_python(addresses, acks=1, **conn_params):
    configs = {}
    configs.update(**conn_params)
    configs.update(bootstrap_servers=addresses.split(","), acks=acks)
    return KafkaProducer(**configs)  # expect: OL205


def confluent(addresses, acks=1, **conn_params):
    configs = {}
    configs.update(conn_params)
    configs.update({"bootstrap.servers": addresses}, acks=acks)
    return Producer(configs)  # expect: OL205


def durable(addresses, **conn_params):
    configs = {}
    configs.update(bootstrap_servers=addresses.split(","), acks="all")
    return KafkaProducer(**configs)


def caller_decides(addresses, **conn_params):
    configs = {"acks": 1}
    configs.update(bootstrap_servers=addresses.split(","), **conn_params)
    return KafkaProducer(**configs)  # conn_params may set acks: not judged
