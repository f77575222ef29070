"""OL204 precision: checkpoints after database writes, and database cursors."""
import sqlite3

from exporter import save_checkpoint


def export(conn: sqlite3.Connection, rows) -> None:
    cursor = conn.cursor()
    for row in rows:
        cursor.execute("insert into t values (?)", row)
    conn.commit()
    save_checkpoint(rows[-1])
