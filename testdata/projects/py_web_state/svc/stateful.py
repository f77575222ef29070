"""A second application whose clients live in the request's state: a lifespan yields them as
its state (Starlette copies it into every request's `state`), and a middleware sets one."""
import sqlite3
from contextlib import asynccontextmanager

from aiokafka import AIOKafkaProducer
from fastapi import FastAPI, Request

AUDIT = AIOKafkaProducer(bootstrap_servers="kafka:9092", acks="all")


@asynccontextmanager
async def lifespan(app: FastAPI):
    publisher = AIOKafkaProducer(bootstrap_servers="kafka:9092", acks="all")
    await publisher.start()
    try:
        yield {"publisher": publisher, "ledger": sqlite3.connect(":memory:")}
    finally:
        await publisher.stop()


api = FastAPI(lifespan=lifespan)


@api.middleware("http")
async def attach_audit(request: Request, call_next):
    request.state.audit = AUDIT
    return await call_next(request)


@api.post("/publish")
async def publish(request: Request, body: dict):
    await request.state.publisher.send("events", str(body).encode())  # expect: OL201
    await request.state.publisher.send_and_wait("events", str(body).encode())
    # The lifespan's database connection: its commit is not Kafka's.
    request.state.ledger.commit()
    await request.state.audit.send("audit", str(body).encode())  # expect: OL201
    return {"ok": True}
