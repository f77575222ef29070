"""No model library anywhere in the project: the model is an HTTP server, named by its URL."""
import requests
from confluent_kafka import Consumer, TopicPartition


def resume_via_gateway(consumer: Consumer, topic: str, partition: int) -> None:
    r = requests.post(
        "http://llm-gateway.internal:8000/v1/chat/completions",
        json={"model": "local", "messages": [{"role": "user", "content": "resume offset?"}]},
    )
    offset = int(r.json()["choices"][0]["message"]["content"])
    consumer.seek(TopicPartition(topic, partition, offset))  # expect: OL301


def resume_from_status(consumer: Consumer, topic: str, partition: int) -> None:
    r = requests.get("http://replay-status.internal:8000/v1/position")
    consumer.seek(TopicPartition(topic, partition, int(r.json()["offset"])))
