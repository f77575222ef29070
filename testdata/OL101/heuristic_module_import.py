"""Twin of heuristic_value_imports.py: importing the client module itself switches the name
heuristic on.
"""
import confluent_kafka


def handle(consumer, msg: confluent_kafka.Message) -> None:
    consumer.commit()  # expect: OL101


def close(producer) -> None:
    producer.flush(5)  # expect: OL202
