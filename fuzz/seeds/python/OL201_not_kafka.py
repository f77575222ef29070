"""Precision fixture for OL201: `send`/`produce` on things that are not Kafka producers.

No Kafka client module is imported here, so the name heuristic is off. Nothing here may
be flagged.
"""
import asyncio
import smtplib
import socket
from email.message import EmailMessage

import requests


def post_prepared(url: str, payload: dict) -> int:
    session = requests.Session()
    prepared = session.prepare_request(requests.Request("POST", url, json=payload))
    session.send(prepared, timeout=10)  # requests session, not Kafka
    resp = requests.Session().send(prepared, timeout=10)  # requests session, not Kafka
    return resp.status_code


def send_datagram(host: str, port: int, data: bytes) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.connect((host, port))
        sock.send(data)  # socket, not Kafka


def notify(to: str, body: str) -> None:
    msg = EmailMessage()
    msg["To"] = to
    msg["Subject"] = "nightly report"
    msg.set_content(body)
    with smtplib.SMTP("mail.internal", 25) as smtp:
        smtp.ehlo()
        smtp.send_message(msg)  # smtp, not Kafka
        smtp.send(b"NOOP\r\n")  # smtp raw command, not Kafka


class ReportProducer:
    """Produces report rows into an asyncio queue: named like Kafka, but it is not."""

    def __init__(self, queue: asyncio.Queue) -> None:
        self.queue = queue

    def produce(self, topic: str, value: bytes) -> None:
        self.queue.put_nowait((topic, value))

    async def send(self, topic: str, value: bytes) -> None:
        await self.queue.put((topic, value))

    def flush(self) -> int:
        return self.queue.qsize()


async def pump(rows: list) -> None:
    producer = ReportProducer(asyncio.Queue())
    for row in rows:
        producer.produce("reports", row)  # local class, no Kafka import: heuristic off
        await producer.send("reports", row)  # local class, no Kafka import: heuristic off
    producer.flush()  # local class, no Kafka import: heuristic off


def relay(kafka_producer, rows: list) -> None:
    for row in rows:
        kafka_producer.produce("rows", row)  # name looks like Kafka, but no Kafka import here
        kafka_producer.send("rows", row)  # name looks like Kafka, but no Kafka import here
