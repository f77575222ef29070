"""Repository layer over SQLAlchemy and sqlite3: commits, flushes and rollbacks.

Clean fixture: no Kafka client is imported; database sessions are not Kafka clients.
Expected findings: none.
"""
from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from typing import Iterator

from sqlalchemy import ForeignKey, String, create_engine, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker


class Base(DeclarativeBase):
    pass


class Customer(Base):
    __tablename__ = "customers"
    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(255), unique=True)


class Order(Base):
    __tablename__ = "orders"
    id: Mapped[int] = mapped_column(primary_key=True)
    customer_id: Mapped[int] = mapped_column(ForeignKey("customers.id"))
    total_cents: Mapped[int]


engine = create_engine("postgresql+psycopg://app@db/shop", pool_pre_ping=True)
SessionLocal = sessionmaker(bind=engine, expire_on_commit=False)


@contextmanager
def unit_of_work() -> Iterator[Session]:
    session = SessionLocal()
    try:
        yield session
        session.commit()
    except Exception:
        session.rollback()
        raise
    finally:
        session.close()


def create_order(email: str, total_cents: int) -> int:
    with unit_of_work() as session:
        customer = session.scalar(select(Customer).where(Customer.email == email))
        if customer is None:
            customer = Customer(email=email)
            session.add(customer)
            session.flush()
        order = Order(customer_id=customer.id, total_cents=total_cents)
        session.add(order)
        session.flush()
        return order.id


def bulk_import(rows: list[tuple[str, int]]) -> None:
    with Session(engine) as session, session.begin():
        for email, total in rows:
            session.add(Order(customer_id=session.scalar(select(Customer.id).where(Customer.email == email)), total_cents=total))


class OutboxConsumer:
    """Reads the transactional outbox table; a database reader, not a Kafka consumer."""

    def __init__(self, path: str) -> None:
        self.conn = sqlite3.connect(path)
        self.last_id = 0

    def fetch(self, limit: int = 100) -> list:
        rows = self.conn.execute(
            "select id, payload from outbox where id > ? order by id limit ?", (self.last_id, limit)
        ).fetchall()
        if rows:
            self.last_id = rows[-1][0]
        return rows

    def commit(self) -> None:
        self.conn.execute("update outbox_state set last_id = ?", (self.last_id,))
        self.conn.commit()


def drain_outbox(path: str) -> int:
    consumer = OutboxConsumer(path)
    total = 0
    while rows := consumer.fetch():
        total += len(rows)
        consumer.commit()
    return total
