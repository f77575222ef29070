from typing import Optional

from aiokafka import AIOKafkaProducer

# Declared here, filled by the application's startup hook in `main.py`: one client.
aioproducer: Optional[AIOKafkaProducer] = None


async def get_aioproducer() -> AIOKafkaProducer:
    return aioproducer


async def init_kafka() -> AIOKafkaProducer:
    producer = AIOKafkaProducer(bootstrap_servers="kafka:9092", acks="all")
    await producer.start()
    return producer
