"""OL103 fixture (kafka-python)."""
from kafka import KafkaConsumer

from search import index_document

consumer = KafkaConsumer("documents", group_id="indexer", enable_auto_commit=False)

for message in consumer:
    try:
        index_document(message.value)
    except TimeoutError:  # expect: OL103
        print("timed out")
