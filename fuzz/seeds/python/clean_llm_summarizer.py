"""Nightly ticket summaries with a language model, stored in Postgres.

Clean fixture: model output goes to a database row, a log line and an HTTP pagination
parameter; there is no Kafka client and no offset sink. Expected findings: none.
"""
import logging

import psycopg
import requests
from anthropic import Anthropic
from openai import OpenAI

log = logging.getLogger(__name__)


def summarise(text: str) -> str:
    client = OpenAI()
    resp = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": f"Summarise this ticket:\n{text}"}],
    )
    return resp.choices[0].message.content.strip()


def triage(text: str) -> str:
    reply = Anthropic().messages.create(
        model="claude-3-5-haiku-latest",
        max_tokens=16,
        messages=[{"role": "user", "content": f"One-word priority for: {text}"}],
    )
    return reply.content[0].text.strip().lower()


def nightly(dsn: str, api: str) -> None:
    with psycopg.connect(dsn) as conn:
        tickets = conn.execute("select id, body from tickets where summary is null").fetchall()
        for ticket_id, body in tickets:
            summary = summarise(body)
            priority = triage(body)
            log.info("ticket %s: %s (%s)", ticket_id, summary, priority)
            conn.execute("update tickets set summary = %s, priority = %s where id = %s", (summary, priority, ticket_id))
        conn.commit()
    client = OpenAI()
    resp = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "page?"}])
    page = int(resp.choices[0].message.content)
    requests.get(api, params={"offset": page * 50, "limit": 50}, timeout=10).raise_for_status()
