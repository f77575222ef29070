"""OL104 fixture (kafka-python): a batch poll, its messages iterated."""
from kafka import KafkaConsumer

from search import index_document

consumer = KafkaConsumer("documents", group_id="indexer", enable_auto_commit=False)

while True:
    records = consumer.poll(timeout_ms=1000)
    consumer.commit()  # expect: OL104, OL101
    for tp, messages in records.items():
        for message in messages:
            index_document(message.value)
