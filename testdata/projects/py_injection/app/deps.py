"""FastAPI dependencies: the producer reaches the routes through implicit type aliases."""

from typing import Annotated, Optional

from aiokafka import AIOKafkaProducer
from fastapi import Depends

kafka_producer: Optional[AIOKafkaProducer] = None


async def get_kafka() -> Optional[AIOKafkaProducer]:
    return kafka_producer


Producer = Annotated[AIOKafkaProducer, Depends(get_kafka)]
MaybeProducer = Optional[AIOKafkaProducer]
NotAType = AIOKafkaProducer.__name__
