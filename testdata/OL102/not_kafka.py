"""OL102 precision: database and file commits in failure paths are not Kafka commits."""
import sqlite3

from sqlalchemy.orm import Session

from billing import apply_payment


def save(session: Session, rows) -> None:
    try:
        session.add_all(rows)
    except Exception:
        session.rollback()
        session.commit()
        raise
    finally:
        session.commit()


def save_sqlite(path, rows) -> None:
    conn = sqlite3.connect(path)
    try:
        conn.executemany("insert into t values (?)", rows)
    except sqlite3.OperationalError:
        conn.commit()
    finally:
        conn.commit()
        conn.close()


class Repo:
    def __init__(self, db):
        self.db = db

    def apply(self, payment):
        try:
            apply_payment(payment)
        except Exception:
            self.db.commit()
