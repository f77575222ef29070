"""Outbound HTTP, SMTP and socket calls for the notification service.

Clean fixture: no Kafka client is imported; `send` on sessions, sockets and SMTP
connections is not a Kafka produce. Expected findings: none.
"""
import asyncio
import smtplib
import socket
from email.message import EmailMessage

import aiohttp
import httpx
import requests


class WebhookSender:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "notifier/1.0"

    def send(self, path: str, payload: dict) -> int:
        req = requests.Request("POST", f"{self.base_url}{path}", json=payload)
        resp = self.session.send(self.session.prepare_request(req), timeout=10)
        return resp.status_code


def send_all(sender: WebhookSender, events: list) -> None:
    for event in events:
        sender.send("/hooks/event", event)


def email(to: str, subject: str, body: str) -> None:
    msg = EmailMessage()
    msg["To"], msg["Subject"] = to, subject
    msg.set_content(body)
    with smtplib.SMTP("mail.internal") as smtp:
        smtp.send_message(msg)


def statsd(metric: str, value: int) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.sendto(f"{metric}:{value}|c".encode(), ("127.0.0.1", 8125))


async def fetch_all(urls: list) -> list:
    async with aiohttp.ClientSession() as session:

        async def one(url: str) -> str:
            async with session.get(url) as resp:
                return await resp.text()

        return await asyncio.gather(*(one(u) for u in urls))


def fetch_page(url: str, offset: int) -> dict:
    with httpx.Client(timeout=10) as client:
        return client.get(url, params={"offset": offset, "limit": 100}).json()
