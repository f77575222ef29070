"""OL103 fixture (kafka-python): failure handlers in a per-batch function the consume loop
calls with each poll's records. A handler that hands the record's data to a helper which
builds a dead-letter record and gives it to a writer class (two calls down to the send) routes
the message elsewhere: handled. A handler that only reports the error, without the message,
skips it."""
import json
import logging

from kafka import KafkaConsumer, KafkaProducer

log = logging.getLogger(__name__)


class DeadLetterWriter:
    def __init__(self, servers, topic):
        self._producer = KafkaProducer(bootstrap_servers=servers, acks="all")
        self._topic = topic

    def write(self, records):
        for record in records:
            self._producer.send(self._topic, value=json.dumps(record).encode()).get(timeout=10)


class SinkTask:
    def __init__(self, sink, servers):
        self._sink = sink
        self._dlq = DeadLetterWriter(servers, "sink-dlq")
        self._errors = DeadLetterWriter(servers, "sink-errors")

    def process(self, records):
        for record in records:
            try:
                rows = self.transform(record.value)
            except Exception as e:
                self.handle_dlq_push(record.key, record.value, "TRANSFORM", e)
                continue
            try:
                self._sink.write(rows)
            except Exception as e:  # expect: OL103
                self.report(e)

    def transform(self, value):
        return [json.loads(value)]

    def handle_dlq_push(self, key, value, stage, error):
        log.error("failed at %s: %s", stage, error)
        self._dlq.write([{"key": key, "value": value, "stage": stage, "error": str(error)}])

    def report(self, error):
        self._errors.write([{"error": str(error)}])


def run(task: SinkTask, servers):
    consumer = KafkaConsumer("events", bootstrap_servers=servers, group_id="sink",
                             enable_auto_commit=False)
    while True:
        batch = consumer.poll(timeout_ms=1000)
        for records in batch.values():
            task.process(records)
        consumer.commit()  # expect: OL101
