"""Replay helpers on kafka-python that take offsets from models (wrongly).

OL301 fixture (langchain `invoke`, `ollama.chat`, transformers pipeline, HTTP
`/v1/chat/completions` via requests): tainted values reach `OffsetAndMetadata(..)` and
`seek(tp, offset)`. Offsets from handled messages, or from the broker, are clean.
"""
import logging
import re

import ollama
import requests
from kafka import KafkaConsumer, KafkaProducer, TopicPartition
from kafka.structs import OffsetAndMetadata
from langchain_openai import ChatOpenAI
from transformers import pipeline

log = logging.getLogger(__name__)


def commit_langchain_choice(consumer: KafkaConsumer, tp: TopicPartition, context: str) -> None:
    llm = ChatOpenAI(model="gpt-4o-mini", temperature=0)
    msg = llm.invoke(f"Given {context}, which offset was processed last? Reply with a number.")
    last_done = int(msg.content.strip())
    consumer.commit(
        offsets={tp: OffsetAndMetadata(last_done + 1, None)},  # expect: OL301
    )


def seek_ollama_choice(consumer: KafkaConsumer, tp: TopicPartition, log_excerpt: str) -> None:
    reply = ollama.chat(
        model="llama3.1",
        messages=[{"role": "user", "content": f"{log_excerpt}\nOffset to replay from?"}],
    )
    text = reply["message"]["content"]
    consumer.seek(tp, int(text))  # expect: OL301


def seek_pipeline_choice(consumer: KafkaConsumer, tp: TopicPartition, prompt: str) -> None:
    generator = pipeline("text-generation", model="distilgpt2")
    out = generator(prompt, max_new_tokens=8)
    generated = out[0]["generated_text"]
    found = re.search(r"(\d+)\s*$", generated)
    if found:
        n = int(found.group(1))
        consumer.seek(tp, n - 1)  # expect: OL301


def seek_gateway_choice(consumer: KafkaConsumer, tp: TopicPartition) -> None:
    resp = requests.post(
        "http://llm.internal:8000/v1/chat/completions",
        json={"model": "local", "messages": [{"role": "user", "content": "offset?"}]},
        timeout=30,
    )
    content = resp.json()["choices"][0]["message"]["content"]
    consumer.seek(tp, int(float(content)))  # expect: OL301


def classify_and_forward(consumer: KafkaConsumer, producer: KafkaProducer) -> None:
    """Negative: model labels route the message; offsets come from the message."""
    llm = ChatOpenAI(model="gpt-4o-mini", temperature=0)
    for msg in consumer:
        label = llm.invoke(f"Label this ticket: {msg.value.decode()}").content.strip()
        log.info("ticket %d labelled %s", msg.offset, label)  # model text only logged
        producer.send(f"tickets-{label}", value=msg.value).get(timeout=10)  # model text in a topic name, not an offset
        tp = TopicPartition(msg.topic, msg.partition)
        consumer.commit({tp: OffsetAndMetadata(msg.offset + 1, None)})  # offset from the handled message


def rewind_to_committed(consumer: KafkaConsumer, tp: TopicPartition) -> None:
    """Negative: offset from the broker (committed), no model involved."""
    committed = consumer.committed(tp)
    if committed is not None:
        consumer.seek(tp, committed)  # broker-side offset


def suggest_offset(llm: ChatOpenAI, topic: str) -> int:
    """Model call in its own function; nothing in this file passes its result to a sink."""
    return int(llm.invoke(f"Resume offset for {topic}?").content)


def replay_from(consumer: KafkaConsumer, tp: TopicPartition, offset: int) -> None:
    # `offset` is a parameter: OL301 taint is intraprocedural, and the model call above is
    # in a different function that is never called with this sink's arguments.
    consumer.seek(tp, offset)
