from confluent_kafka import Consumer, TopicPartition
from openai import OpenAI

import ledger
from mypkg.llm import ask_model

consumer = Consumer({"group.id": "triage", "enable.auto.commit": False})
client = OpenAI()


def triage(msg) -> None:
    score = ask_model(msg.value())
    consumer.seek(TopicPartition(msg.topic(), msg.partition(), int(score)))  # expect: OL301
    answer = client.chat.completions.create(model="m", messages=[])
    ledger.save_offset(int(answer.choices[0].message.content))  # expect: OL301
