"""A Starlette application built at module level, its producer stored at startup."""
from confluent_kafka import Producer
from starlette.applications import Starlette

from svc.settings import KAFKA

app = Starlette()


def report(err, msg):
    if err is not None:
        raise RuntimeError(err)


@app.on_event("startup")
def startup():
    app.state.kafka_producer = Producer(KAFKA)


def publish(body: bytes):
    app.state.kafka_producer.produce("events", body, on_delivery=report)
