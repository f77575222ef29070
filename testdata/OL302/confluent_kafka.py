"""OL302 fixture (confluent-kafka with model clients): commits and checkpoint writes chosen
or delayed by model output: a tainted branch, a tainted guard or `assert` before them, a
tainted sleep before a commit retry. Model text used only as data or for logging is fine.
"""
import logging
import time

import anthropic
from confluent_kafka import Consumer, KafkaException
from openai import OpenAI

from moderation import publish, save_checkpoint

log = logging.getLogger(__name__)
client = OpenAI()
claude = anthropic.Anthropic()
consumer = Consumer({"bootstrap.servers": "localhost:9092", "group.id": "mod", "enable.auto.commit": False})


def branch():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        reply = client.chat.completions.create(model="m", messages=[])
        verdict = reply.choices[0].message.content
        if verdict.strip() == "done":
            consumer.commit(message=msg)  # expect: OL302
        else:
            save_checkpoint(msg.offset())  # expect: OL302


def guard():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        answer = claude.messages.create(model="m", max_tokens=10, messages=[])
        score = float(answer.content[0].text)
        if score < 0.5:
            continue
        consumer.commit(message=msg)  # expect: OL302


def test_score_then_commit():
    msg = consumer.poll(5.0)
    reply = client.chat.completions.create(model="m", messages=[])
    assert "approve" in reply.choices[0].message.content
    consumer.commit(message=msg)  # expect: OL302


def retry_with_model_backoff():
    advice = client.chat.completions.create(model="m", messages=[]).choices[0].message.content
    for _ in range(3):
        try:
            consumer.commit(asynchronous=False)  # expect: OL101, OL302
            break
        except KafkaException:
            time.sleep(float(advice))


def data_only():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        reply = client.chat.completions.create(model="m", messages=[])
        text = reply.choices[0].message.content
        log.info("model said %s", text)
        publish(msg.value(), text)
        if msg.error():
            continue
        consumer.commit(message=msg)


def fixed_backoff():
    for _ in range(3):
        try:
            consumer.commit(asynchronous=False)  # expect: OL101
            break
        except KafkaException:
            time.sleep(1.0)
