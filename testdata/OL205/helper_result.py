"""OL205 (aiokafka): a setting computed by a one-`return` helper from what the call passes
(`_resolve_acks(settings.acks)` with the settings default `"1"`): the helper's result over
that value, here `int("1")`."""
from aiokafka import AIOKafkaProducer
from pydantic_settings import BaseSettings


class Settings(BaseSettings):
    producer_acks: str = "1"
    durable_acks: str = "all"


def _resolve_acks(value: str) -> int | str:
    return value if value == "all" else int(value)


def _normalised(value, default="all"):
    return (value or default).lower()


async def start(settings: Settings):
    fast = AIOKafkaProducer(acks=_resolve_acks(settings.producer_acks))  # expect: OL205
    durable = AIOKafkaProducer(acks=_resolve_acks(settings.durable_acks))
    await fast.start()
    await durable.start()
    # `value or default` is not evaluated: not judged.
    other = AIOKafkaProducer(acks=_normalised(settings.producer_acks))
    await other.start()
