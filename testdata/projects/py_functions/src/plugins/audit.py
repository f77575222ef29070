"""Audit plugin: namespace package module importing its sibling."""
from billing.kafka import producer as billing_out
from plugins.sinks import audit_sink

from .sinks import audit_pair


def _ack(err, msg) -> None:
    if err:
        raise RuntimeError(err)


def audit(body: bytes) -> None:
    out = audit_sink()
    out.produce("audit", body)  # expect: OL201
    out.produce("audit", body, on_delivery=_ack)
    src, sink = audit_pair()
    msg = src.poll(1.0)
    src.commit()  # expect: OL101
    src.commit(message=msg)
    sink.flush(3)  # expect: OL202
    if sink.flush(3) > 0:
        raise RuntimeError("audit records still queued")


def mirror(body: bytes) -> None:
    billing_out.produce("audit-mirror", body)  # expect: OL201
    billing_out.produce("audit-mirror", body, on_delivery=_ack)
