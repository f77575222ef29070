"""OL201 (aiokafka): a bound `send` handed to FastAPI's `BackgroundTasks.add_task(..)` runs
after the response and its result (the delivery future) is thrown away; `send_and_wait`
handed the same way awaits delivery itself. The producer is reached through a wrapper that
delegates with `__getattr__`."""
from aiokafka import AIOKafkaProducer
from fastapi import BackgroundTasks


class KafkaClient:
    _producer = None

    async def connect(self):
        self._producer = AIOKafkaProducer(bootstrap_servers="kafka:9092", acks="all")
        await self._producer.start()

    def __getattr__(self, name):
        if self._producer is None:
            raise RuntimeError("not connected")
        return getattr(self._producer, name)


kafka_client = KafkaClient()


async def post_events(events: list, background_tasks: BackgroundTasks):
    for event in events:
        background_tasks.add_task(kafka_client.send, "events", event)  # expect: OL201
    for event in events:
        background_tasks.add_task(kafka_client.send_and_wait, "events", event)
    return {"status": "ok"}
