"""The wrappers' callers, each judged for what it passes."""
from kafkawrap import Consumer, Producer


def on_delivery(err, msg):
    if err is not None:
        raise RuntimeError(err)


async def test_commits(consumer: Consumer) -> None:
    (msg,) = await consumer.consume(timeout=5)
    consumer.commit()  # expect: OL101
    await consumer.commit(asynchronous=False)  # expect: OL101
    consumer.commit(msg)
    await consumer.commit(message=msg, asynchronous=False)
    consumer.commit(offsets=[msg])


async def test_produces(producer: Producer) -> None:
    producer.produce("t", b"v")  # expect: OL201
    producer.produce("t", b"v", on_delivery=on_delivery)
    if await producer.flush_checked(5):
        raise RuntimeError("undelivered")

