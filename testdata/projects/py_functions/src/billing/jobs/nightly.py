"""Nightly job: two levels up, and through the package's re-export."""
import billing.kafka as bk
from billing import make_consumer

from ..kafka import mk


def reconcile() -> None:
    src = mk()
    msg = src.poll(5.0)
    src.commit()  # expect: OL101
    src.commit(message=msg)


def replay(group: str) -> None:
    src = make_consumer(group)
    msg = src.poll(5.0)
    src.commit()  # expect: OL101
    src.commit(msg)


def rebuild() -> None:
    src = bk.mk()
    msg = src.poll(5.0)
    src.commit()  # expect: OL101
    src.commit(message=msg)
    bk.producer.flush(10)  # expect: OL202
    left = bk.producer.flush(10)
    assert left == 0
