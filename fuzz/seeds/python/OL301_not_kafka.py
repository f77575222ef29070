"""Precision fixture for OL301: model output that never reaches a Kafka offset sink.

No Kafka client module is imported here. Model answers are used as a file position, a
pagination offset for an HTTP API and a database row; none of these is a consumer offset.
Expected findings: none.
"""
import sqlite3

import requests
from openai import OpenAI


def excerpt(path: str, question: str) -> str:
    client = OpenAI()
    resp = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": question}])
    start = int(resp.choices[0].message.content)
    with open(path, "rb") as fh:
        fh.seek(start)  # file position, not a Kafka offset
        return fh.read(512).decode(errors="replace")


def fetch_page(question: str) -> list:
    client = OpenAI()
    resp = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": question}])
    page_offset = int(resp.choices[0].message.content)
    r = requests.get("https://api.example.com/items", params={"offset": page_offset, "limit": 50}, timeout=10)
    return r.json()["items"]


def remember(db_path: str, question: str) -> None:
    client = OpenAI()
    resp = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": question}])
    answer = resp.choices[0].message.content
    conn = sqlite3.connect(db_path)
    conn.execute("insert into answers(q, a) values (?, ?)", (question, answer))
    conn.commit()  # sqlite3 connection, not Kafka
    conn.close()
