"""A FastAPI service whose clients live in the application's state."""
import sqlite3
from contextlib import asynccontextmanager

from aiokafka import AIOKafkaProducer
from fastapi import FastAPI

from svc import hooks  # noqa: F401 (registers the hooks)
from svc.routes import router


@asynccontextmanager
async def lifespan(app: FastAPI):
    app.state.producer = AIOKafkaProducer(
        bootstrap_servers="kafka:9092", acks="all", enable_idempotence=True
    )
    app.state.db = sqlite3.connect("events.db")
    await app.state.producer.start()
    yield
    await app.state.producer.stop()
    app.state.db.close()


app = FastAPI(lifespan=lifespan)
app.include_router(router)
