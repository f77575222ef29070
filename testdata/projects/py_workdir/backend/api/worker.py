"""Names no Kafka module: both clients come from `backend/infra/kafka/`."""

from infra.kafka import producer
from infra.kafka.consumer import consumer


def forward():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        producer.producer.produce("out", msg.value())  # expect: OL201
        consumer.commit()  # expect: OL101, OL204
