# FastAPI hands each route what its dependencies return or yield: the parameters below are
# the clients `app.kafka` builds, although this module names no Kafka library.
import logging

from fastapi import APIRouter, Depends, Security
from fastapi import params

from app.db import get_db
from app.kafka import Publisher, get_producer, producer_session

router = APIRouter()
log = logging.getLogger(__name__)


def report(err, msg):
    if err is not None:
        log.error("delivery failed: %s", err)


@router.post("/events")
def post_event(body: dict, producer=Depends(get_producer)):
    producer.produce("events", value=str(body))  # expect: OL201
    return {"ok": True}


@router.post("/events/confirmed")
def post_confirmed(body: dict, producer=Depends(get_producer)):
    producer.produce("events", value=str(body), on_delivery=report)
    return {"ok": True}


@router.post("/events/session")
def post_in_session(body: dict, producer=Depends(dependency=producer_session)):
    producer.produce("events", value=str(body))  # expect: OL201
    return {"ok": True}


@router.post("/events/secured")
async def post_secured(body: dict, producer=Security(get_producer)):
    producer.produce("events", value=str(body), callback=report)
    producer.flush(5)  # expect: OL202
    return {"ok": True}


@router.post("/events/publisher")
def post_with_publisher(body: dict, publisher=params.Depends(Publisher)):
    publisher.producer.produce("events", value=str(body))  # expect: OL201
    return {"ok": True}


@router.post("/rows")
def post_row(body: dict, db=Depends(get_db)):
    # A database session from a dependency: its commit is not Kafka's.
    db.execute("insert into events values (?)", (str(body),))
    db.commit()
    return {"ok": True}


def not_a_dependency(body: dict, producer=None):
    # A default that is not a dependency marker: nothing is injected here.
    producer.produce("events", value=str(body))
