"""OL103 fixture (kafka-python)."""
from kafka import KafkaConsumer

from search import index_document

consumer = KafkaConsumer("documents", group_id="indexer", enable_auto_commit=False)

for message in consumer:
    try:
        index_document(message.value)
    except TimeoutError:  # expect: OL103
        print("timed out")
    consumer.commit()  # expect: OL101

auto = KafkaConsumer("documents", group_id="indexer")  # expect: OL105
for message in auto:
    try:
        index_document(message.value)
    except TimeoutError:  # expect: OL103
        print("timed out: the next automatic commit covers it")

# No group and no commit: the failed message is still skipped for the rest of the run (a
# consume loop is one "whatever the commit mode").
reader = KafkaConsumer("documents", enable_auto_commit=False)
for message in reader:
    try:
        index_document(message.value)
    except TimeoutError:  # expect: OL103
        print("skipped for the rest of the run")
