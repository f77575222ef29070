"""Imports confluent-kafka, so the name heuristic is on here; bindings resolved to something
else are never heuristic."""
import importlib
import sqlite3

from confluent_kafka import Consumer
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from .kafka import KafkaConsumer
from .ledger import Ledger, open_ledger

engine = create_engine("sqlite:///ledger.db")


def project_classes(path: str) -> None:
    consumer = KafkaConsumer(path)
    consumer.poll(1.0)
    consumer.commit()


def not_kafka() -> None:
    consumer = Ledger()
    consumer.commit()
    ledger_consumer = open_ledger()
    ledger_consumer.commit()
    consumer_db = sqlite3.connect("ledger.db")
    consumer_db.commit()
    consumer_session = Session(engine)
    consumer_session.commit()


def annotated(consumer: Ledger, consumer_session: Session) -> None:
    consumer.commit()
    consumer_session.commit()


def dynamic(services, name: str, modname: str) -> None:
    src = getattr(services, name)
    src.commit()
    mod = importlib.import_module(modname)
    mod.build_source().commit()


def heuristic(order_consumer) -> None:
    order_consumer.commit()  # expect: OL101


def real() -> None:
    c = Consumer({"bootstrap.servers": "kafka:9092", "group.id": "ledger"})  # expect: OL105
    msg = c.poll(1.0)
    c.commit()  # expect: OL101
    c.commit(message=msg)
