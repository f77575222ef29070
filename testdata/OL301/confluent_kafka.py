"""Incident-replay tooling that lets a language model pick where to resume (wrongly).

OL301 fixture (openai, anthropic, HTTP chat-completions): model output flows through
attribute access, indexing, string methods, `int()`, regex captures, f-strings,
arithmetic and containers into an offset sink. The finding is on the line where the
sink call starts; when a `TopicPartition(..)` nested in `commit(offsets=[...])` /
`store_offsets(offsets=[...])` / `seek(..)` receives the tainted value, only that
innermost sink is reported. Every offset that comes from a handled message is clean.
"""
import logging
import re

import anthropic
import requests
from confluent_kafka import Consumer, Producer, TopicPartition
from openai import OpenAI

log = logging.getLogger(__name__)

claude = anthropic.Anthropic()


def on_delivery(err, msg) -> None:
    if err is not None:
        log.error("delivery failed: %s", err)


def resume_from_openai(consumer: Consumer, topic: str, partition: int, incident: str) -> None:
    client = OpenAI()
    resp = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            {"role": "system", "content": "You are an SRE assistant. Answer with a single number."},
            {"role": "user", "content": f"Incident: {incident}. Which offset is safe to resume from?"},
        ],
    )
    answer = resp.choices[0].message.content
    resume_at = int(answer.strip())
    consumer.commit(
        offsets=[TopicPartition(topic, partition, resume_at)],  # expect: OL301
        asynchronous=False,
    )


def rewind_with_claude(consumer: Consumer, topic: str, partition: int, alert: str) -> None:
    reply = claude.messages.create(
        model="claude-3-5-sonnet-latest",
        max_tokens=64,
        messages=[{"role": "user", "content": f"Alert: {alert}\nReply as 'offset=<n>'."}],
    )
    text = reply.content[0].text
    match = re.search(r"offset\s*=\s*(\d+)", text)
    if match is None:
        log.warning("model gave no offset: %s", text)
        return
    target = int(match.group(1))
    consumer.seek(TopicPartition(topic, partition, target))  # expect: OL301


def store_model_offsets(consumer: Consumer, topic: str, partitions: list, question: str) -> None:
    client = OpenAI()
    completion = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": question}],
    )
    raw = completion.choices[0].message.content
    note = f"{raw}".lower()
    first = note.split()[0]
    plan = {"partition": partitions[0], "offset": int(first) + 1}
    consumer.store_offsets(
        offsets=[
            TopicPartition(topic, plan["partition"], plan["offset"]),  # expect: OL301
        ],
    )


def resume_via_gateway(consumer: Consumer, topic: str, partition: int) -> None:
    r = requests.post(
        "http://llm-gateway.internal:8000/v1/chat/completions",
        json={"model": "local", "messages": [{"role": "user", "content": "resume offset?"}]},
        timeout=30,
    )
    content = r.json()["choices"][0]["message"]["content"]
    first = int(content.split(",")[0])
    wanted = [first]
    consumer.commit(offsets=[TopicPartition(topic, partition, wanted[0])], asynchronous=False)  # expect: OL301


def triage_and_commit(consumer: Consumer, producer: Producer) -> None:
    """Negative: the model summarises the message; offsets still come from the message."""
    client = OpenAI()
    msg = consumer.poll(1.0)
    if msg is None or msg.error():
        return
    resp = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": f"Summarise: {msg.value().decode()}"}],
    )
    summary = resp.choices[0].message.content
    log.info("triage summary for offset %d: %s", msg.offset(), summary)  # model text only logged
    producer.produce("summaries", value=summary.encode(), key=msg.key(), on_delivery=on_delivery)  # model text as a message value
    remaining = producer.flush(10)
    if remaining:
        raise RuntimeError("summary not delivered")
    # Not in a consume loop: OL204's consumer-commit form does not apply (the flush is checked).
    consumer.commit(
        offsets=[TopicPartition(msg.topic(), msg.partition(), msg.offset() + 1)],  # offset from the handled message
        asynchronous=False,
    )


def ask_for_offset(question: str) -> int:
    """Model call in its own function; nothing in this file passes its result to a sink."""
    client = OpenAI()
    resp = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": question}])
    return int(resp.choices[0].message.content)


def apply_offset(consumer: Consumer, topic: str, partition: int, offset: int) -> None:
    # `offset` is a parameter: OL301 taint is intraprocedural, and the model call above is
    # in a different function that is never called with this sink's arguments.
    consumer.seek(TopicPartition(topic, partition, offset))
