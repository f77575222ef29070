"""A producer wrapper: a callback reaches the client only when its caller gives one."""
import anyio.to_thread
import confluent_kafka

from ._utils import make_kwargs


def async_to_sync(func):
    return func


class Producer:
    def __init__(self, config) -> None:
        self.sync = confluent_kafka.Producer(config)

    def produce(self, topic, value=None, *, key=None, on_delivery=None) -> None:
        self.sync.produce(
            topic=topic,
            key=key,
            value=value,
            on_delivery=async_to_sync(on_delivery) if on_delivery else None,
        )

    async def flush(self, timeout=None) -> None:
        # The queued count comes back through run_sync and is thrown away here.
        await anyio.to_thread.run_sync(lambda: self.sync.flush(**make_kwargs(timeout=timeout)))  # expect: OL202

    async def flush_checked(self, timeout=None) -> int:
        return await anyio.to_thread.run_sync(lambda: self.sync.flush(**make_kwargs(timeout=timeout)))
