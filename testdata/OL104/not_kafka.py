"""OL104 precision: a database commit before using a row is not a Kafka commit."""
import sqlite3


def copy(src: sqlite3.Connection, dst: sqlite3.Connection) -> None:
    for row in src.execute("select * from t"):
        dst.commit()
        dst.execute("insert into t values (?)", row)


def buffered(conn: sqlite3.Connection, lines) -> None:
    batch = []
    for line in lines:
        batch.append(line)
        conn.commit()
        if len(batch) > 10:
            conn.executemany("insert into t values (?)", batch)
