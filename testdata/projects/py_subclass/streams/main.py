"""Uses the subclasses; imports no Kafka module itself."""
from .clients import (
    AuditProducer,
    BatchConsumer,
    CountingProducer,
    DrainingProducer,
    ReliableProducer,
    TrackedConsumer,
)


def cb(err, msg) -> None:
    if err is not None:
        raise RuntimeError(err)


def publish(conf: dict, body: bytes) -> None:
    rp = ReliableProducer(conf)
    rp.produce("orders", body)
    rp.flush(5)  # expect: OL202
    if rp.flush(5):
        raise RuntimeError("orders still queued")
    cp = CountingProducer(conf)
    cp.produce("orders", body)  # expect: OL201
    cp.produce("orders", body, on_delivery=cb)
    cp.produce("orders", body, cb)
    ap = AuditProducer(conf)
    ap.produce("audit", body)
    dp = DrainingProducer(conf)
    dp.produce("orders", body)  # expect: OL201
    dp.flush()  # expect: OL202
    remaining = dp.flush()
    assert remaining == 0


def consume(conf: dict) -> None:
    bc = BatchConsumer(conf)
    msg = bc.poll(1.0)
    bc.commit()  # expect: OL101
    bc.commit(message=msg)
    bc.finish_batch(msg)


async def consume_async() -> None:
    tc = TrackedConsumer("orders", group_id="g", enable_auto_commit=False)
    msg = await tc.getone()
    await tc.commit()  # expect: OL101
    await tc.done(msg.partition, msg.offset)
