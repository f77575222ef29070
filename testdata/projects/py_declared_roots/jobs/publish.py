"""Names no Kafka module: `infra` is `service/infra/`, on pytest's `pythonpath`."""

from infra.producers import PRODUCER


def publish(value):
    PRODUCER.produce("audit", value)  # expect: OL201
