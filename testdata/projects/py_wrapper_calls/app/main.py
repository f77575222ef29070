"""Callers, judged for what each passes."""
from .wrappers import (
    BoundFlush,
    Delegating,
    FutureSender,
    KwargsProducer,
    MixedConsumer,
    RecordingSender,
    ReportingProducer,
    SplatFlush,
)


def consume(conf, tp):
    c = MixedConsumer(conf)
    msg = c.poll(1.0)
    c.commit(msg)
    c.commit(offsets=[tp])
    c.commit()  # expect: OL101


def produce(conf):
    ReportingProducer(conf).produce("t", b"v")

    s = SplatFlush(conf)
    s.flush(timeout=0.05)  # expect: OL202
    s.flush(0.05)  # expect: OL202
    s.flush()
    left = s.flush(0.05)
    return left


def bound(conf):
    b = BoundFlush(conf)
    b.flush(0.05)  # expect: OL202
    b.flush()
    if b.flush(0.05):
        raise RuntimeError("undelivered")


def delegated(conf):
    d = Delegating(conf)
    d.produce("t", b"v")  # expect: OL201
    d.produce("t", b"v", on_delivery=print)


def kwargs(conf, cb):
    k = KwargsProducer(conf)
    k.produce("t", b"v")  # expect: OL201
    k.produce("t", b"v", on_delivery=cb)
    k.produce("t", on_delivery=cb)


async def futures(conf):
    s = FutureSender(conf)
    s.send("t", b"v")  # expect: OL201
    await s.send("t", b"v")
    fut = s.send("t", b"v")
    await fut
    r = RecordingSender(conf)
    r.send("t", b"v")


def defaults(conf):
    from .wrappers import DefaultCallbackProducer

    DefaultCallbackProducer(conf).write("t", b"v")


def layered():
    from .wrappers import AllAcksProducer, RelaxedProducer

    AllAcksProducer({"bootstrap.servers": "kafka:9092"})  # expect: OL205
    RelaxedProducer({"bootstrap.servers": "kafka:9092"})
