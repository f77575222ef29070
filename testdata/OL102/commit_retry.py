"""OL102 fixture (confluent-kafka): a commit retried in the handler of the commit's own
failure. When the `try` only builds the offsets and commits, nothing was processed there:
the handler retries the commit, it does not commit past a failed message."""
import logging

from confluent_kafka import Consumer, KafkaError, KafkaException, TopicPartition

from billing import apply_payment

log = logging.getLogger(__name__)

consumer = Consumer({"bootstrap.servers": "kafka:9092", "group.id": "billing", "enable.auto.commit": False})


def commit_with_retry(msg):
    try:
        offsets = [TopicPartition(msg.topic(), msg.partition(), msg.offset() + 1)]
        consumer.commit(offsets=offsets, asynchronous=False)
    except KafkaException as e:
        if e.args[0].code() == KafkaError._NO_OFFSET:
            log.debug("nothing to commit")
        else:
            log.warning("commit failed, retrying: %s", e)
            consumer.commit(offsets=offsets, asynchronous=False)


def process_then_commit_on_failure(msg):
    try:
        apply_payment(msg.value())
        offsets = [TopicPartition(msg.topic(), msg.partition(), msg.offset() + 1)]
        consumer.commit(offsets=offsets, asynchronous=False)
    except KafkaException:
        log.warning("failed")
        consumer.commit(message=msg)  # expect: OL102
