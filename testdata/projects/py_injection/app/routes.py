"""Names no Kafka module: each route's producer is typed by an alias from `app.deps`."""

from app.deps import MaybeProducer, NotAType, Producer


async def send_event(producer: Producer, payload: dict) -> None:
    await producer.send(**payload)  # expect: OL201


async def send_event_confirmed(producer: Producer, payload: dict) -> None:
    await producer.send_and_wait(**payload)


async def send_maybe(producer: MaybeProducer, payload: dict) -> None:
    if producer is not None:
        delivery = await producer.send("events", payload)  # expect: OL201


async def send_maybe_confirmed(producer: MaybeProducer, payload: dict) -> None:
    if producer is not None:
        delivery = await producer.send("events", payload)
        await delivery


async def send_named(producer: NotAType, payload: dict) -> None:
    await producer.send("events", payload)
