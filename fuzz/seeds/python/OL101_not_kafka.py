"""Precision fixture for OL101: `commit()` on things that are not Kafka consumers.

This file imports no Kafka client module, so the name heuristic is off and only
constructor resolution could make a receiver a consumer. Nothing here may be flagged.
"""
import sqlite3
from contextlib import closing

from django.db import transaction
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

engine = create_engine("postgresql+psycopg://app@db/ledger")
SessionLocal = sessionmaker(bind=engine)


def save_invoice(invoice_id: str, total: int) -> None:
    with Session(engine) as session:
        session.execute(text("insert into invoices(id, total) values (:i, :t)"), {"i": invoice_id, "t": total})
        session.commit()  # sqlalchemy session, not Kafka


def save_with_factory(rows: list) -> None:
    db = SessionLocal()
    try:
        for row in rows:
            db.add(row)
        db.flush()  # sqlalchemy flush, not Kafka
        db.commit()  # sqlalchemy session, not Kafka
    finally:
        db.close()


def record_event(path: str, name: str) -> None:
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("insert into events(name) values (?)", (name,))
        conn.commit()  # sqlite3 connection, not Kafka


def manual_transaction(update) -> None:
    transaction.set_autocommit(False)
    try:
        update()
        transaction.commit()  # django transaction, not Kafka
    finally:
        transaction.set_autocommit(True)


class LedgerConsumer:
    """An in-process ledger reader: named like a Kafka consumer, but it is not one."""

    def __init__(self, path: str) -> None:
        self.conn = sqlite3.connect(path)
        self.cursor_pos = 0

    def next_rows(self, n: int) -> list:
        rows = self.conn.execute(
            "select id, body from ledger where id > ? order by id limit ?", (self.cursor_pos, n)
        ).fetchall()
        if rows:
            self.cursor_pos = rows[-1][0]
        return rows

    def commit(self) -> None:
        self.conn.execute("update reader_state set pos = ?", (self.cursor_pos,))
        self.conn.commit()  # sqlite3 connection, not Kafka


def drain_ledger(path: str) -> None:
    consumer = LedgerConsumer(path)
    while consumer.next_rows(100):
        consumer.commit()  # named "consumer" but no Kafka import in this file: heuristic off


def close_reader(kafka_consumer) -> None:
    kafka_consumer.commit()  # name looks like Kafka, but this file imports no Kafka module
