"""OL204 fixture (kafka-python): a send whose delivery is confirmed (`.get()` raises on a
failure) but whose failure a broad handler logs and swallows, followed by an advance: the
advance runs after a failed delivery. A logical-replication cursor's
`send_feedback(flush_lsn=..)` acknowledges the source position."""
import json

from kafka import KafkaProducer


class WalForwarder:
    def __init__(self, servers: str) -> None:
        self.producer = KafkaProducer(bootstrap_servers=servers, acks="all")

    def publish(self, payload: bytes, key: bytes) -> None:
        self.producer.send("wal", payload, key=key).get(timeout=10)

    def __call__(self, msg) -> None:
        try:
            key = str(json.loads(msg.payload)["id"]).encode()
            self.publish(msg.payload, key)
        except Exception as e:
            print(f"error: {e}")
        finally:
            msg.cursor.send_feedback(flush_lsn=msg.data_start)  # expect: OL204


class StrictForwarder(WalForwarder):
    def __call__(self, msg) -> None:
        try:
            self.publish(msg.payload, b"k")
        except Exception:
            print("failed; the slot is not acknowledged")
            raise
        msg.cursor.send_feedback(flush_lsn=msg.data_start)

    def keepalive(self, msg) -> None:
        # No position given: a keepalive, not an acknowledgement.
        msg.cursor.send_feedback()


def forward_rows(producer: KafkaProducer, rows, state: dict) -> None:
    for row_id, row in rows:
        try:
            producer.send("rows", row).get(timeout=5)
        except Exception as exc:
            print("failed", exc)
        state["checkpoint"] = row_id  # expect: OL204


def forward_rows_stopping(producer: KafkaProducer, rows, state: dict) -> None:
    for row_id, row in rows:
        try:
            producer.send("rows", row).get(timeout=5)
        except Exception as exc:
            print("failed", exc)
            break
        state["checkpoint"] = row_id
