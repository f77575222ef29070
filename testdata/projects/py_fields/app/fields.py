"""Fields and attributes. No Kafka module is imported here: resolution only."""
import logging

from .conf import C, P
from .types import Channel, Deps, Maybe, Outlet, Sink, Source

log = logging.getLogger(__name__)


def cb(err, msg) -> None:
    if err is not None:
        log.error("delivery failed: %s", err)


def close_channel(ch: Channel) -> None:
    msg = ch.kc.poll(1.0)
    ch.kc.commit()  # expect: OL101
    ch.kc.commit(message=msg)


def emit(o: Outlet, body: bytes) -> None:
    o.out.produce(o.topic, body)  # expect: OL201
    o.out.produce(o.topic, body, on_delivery=cb)


def deep(d: Deps, body: bytes) -> None:
    d.results.results.produce("results", body)  # expect: OL201
    d.results.results.produce("results", body, on_delivery=cb)
    msg = d.channel.kc.poll(1.0)
    d.channel.kc.commit()  # expect: OL101
    d.channel.kc.commit(msg)


def optional(m: Maybe) -> None:
    if m.src is not None:
        msg = m.src.poll(1.0)
        m.src.commit()  # expect: OL101
        m.src.commit(message=msg)


def aliases(body: bytes) -> None:
    s = Sink(P)
    s.produce("t", body)  # expect: OL201
    s.produce("t", body, on_delivery=cb)
    r = Source(C)
    msg = r.poll(1.0)
    r.commit()  # expect: OL101
    r.commit(message=msg)


def annotated_alias(s: Sink, r: "Source", body: bytes) -> None:
    s.produce("t", body)  # expect: OL201
    s.produce("t", body, on_delivery=cb)
    msg = r.poll(1.0)
    r.commit()  # expect: OL101
    r.commit(message=msg)
