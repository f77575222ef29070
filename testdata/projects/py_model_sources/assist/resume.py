"""Imports no model library: the model client comes from its caller (`assist.main`)."""
from confluent_kafka import TopicPartition


def resume(client, consumer, topic, partition):
    reply = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": "which offset is safe to resume from?"}],
    )
    offset = int(reply.choices[0].message.content.strip())
    consumer.seek(TopicPartition(topic, partition, offset))  # expect: OL301


def resume_from_message(consumer, msg):
    consumer.seek(TopicPartition(msg.topic(), msg.partition(), msg.offset() + 1))
