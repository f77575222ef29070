"""OL302 precision: model output gating a database commit is not a Kafka commit or a
checkpoint write."""
import sqlite3

from openai import OpenAI

client = OpenAI()


def moderate(conn: sqlite3.Connection, post: str) -> None:
    reply = client.chat.completions.create(model="m", messages=[{"role": "user", "content": post}])
    if reply.choices[0].message.content == "ok":
        conn.execute("insert into posts values (?)", (post,))
        conn.commit()
