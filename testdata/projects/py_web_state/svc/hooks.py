"""Shutdown hooks of the Starlette application; this module names no Kafka library."""
from svc.legacy import app


@app.on_event("shutdown")
def shutdown():
    app.state.kafka_producer.flush(5)  # expect: OL202
    if app.state.kafka_producer.flush(5):
        raise RuntimeError("still queued")


def drain(other):
    # Not an application: its `state` is not the application's.
    other.state.kafka_producer.flush(5)
