"""OL204 fixture: the produce is in a helper the consume loop calls before it commits. A
delivery callback that only logs is no check, and neither is a handler that logs the
failure and swallows it; a flush reports nothing for kafka-python and aiokafka."""
import logging

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.structs import OffsetAndMetadata, TopicPartition
from confluent_kafka import Consumer, Producer
from kafka import KafkaConsumer, KafkaProducer
from kafka.structs import OffsetAndMetadata as KOffset, TopicPartition as KTopicPartition

log = logging.getLogger(__name__)


def log_delivery(err, msg):
    if err is not None:
        log.error("delivery failed: %s", err)


class Forwarder:
    def __init__(self, conf):
        self.consumer = Consumer(conf)
        self.producer = Producer(conf)
        self.failed = []

    def _forward(self, msg):
        self.producer.produce("out", msg.value(), on_delivery=log_delivery)
        self.producer.poll(0)

    def _forward_swallowing(self, msg):
        try:
            self.producer.produce("out", msg.value(), on_delivery=self._record)
            self.producer.flush()
        except Exception:  # expect: OL103
            log.exception("forward failed")

    def _record(self, err, msg):
        if err is not None:
            self.failed.append(err)

    def run(self):
        while True:
            msg = self.consumer.poll(1.0)
            if msg is None or msg.error():
                continue
            self._forward(msg)
            self.consumer.commit(message=msg)  # expect: OL204

    def run_swallowing(self):
        while True:
            msg = self.consumer.poll(1.0)
            if msg is None or msg.error():
                continue
            self._forward_swallowing(msg)
            self.consumer.commit(message=msg)  # expect: OL204

    def run_checked(self):
        while True:
            msg = self.consumer.poll(1.0)
            if msg is None or msg.error():
                continue
            self._forward_swallowing(msg)
            if self.failed:
                raise RuntimeError("output not delivered")
            self.consumer.commit(message=msg)


def relay_flushed(consumer: KafkaConsumer, producer: KafkaProducer):
    for msg in consumer:
        producer.send("out", msg.value)  # expect: OL201
        producer.flush()
        tp = KTopicPartition(msg.topic, msg.partition)
        consumer.commit({tp: KOffset(msg.offset + 1, None)})  # expect: OL204


def relay_confirmed(consumer: KafkaConsumer, producer: KafkaProducer):
    for msg in consumer:
        producer.send("out", msg.value).get(timeout=10)
        producer.flush()
        tp = KTopicPartition(msg.topic, msg.partition)
        consumer.commit({tp: KOffset(msg.offset + 1, None)})


async def relay_async(consumer: AIOKafkaConsumer, producer: AIOKafkaProducer):
    async for msg in consumer:
        await producer.send("out", msg.value)  # expect: OL201
        await producer.flush()
        tp = TopicPartition(msg.topic, msg.partition)
        await consumer.commit({tp: OffsetAndMetadata(msg.offset + 1, "")})  # expect: OL204


async def relay_async_confirmed(consumer: AIOKafkaConsumer, producer: AIOKafkaProducer):
    async for msg in consumer:
        await producer.send_and_wait("out", msg.value)
        await producer.flush()
        tp = TopicPartition(msg.topic, msg.partition)
        await consumer.commit({tp: OffsetAndMetadata(msg.offset + 1, "")})
