"""An async-friendly consumer wrapper: its callers decide what each commit commits."""
from typing import overload

import anyio.to_thread
import confluent_kafka

from ._utils import make_kwargs, to_list


class Consumer:
    def __init__(self, config) -> None:
        self.sync = confluent_kafka.Consumer(config)

    @overload
    def commit(self, message=None, offsets=None, *, asynchronous=True): ...

    @overload
    async def commit(self, message=None, offsets=None, *, asynchronous=False): ...

    def commit(self, message=None, offsets=None, *, asynchronous=True):
        # The message or offsets the callers pass, derived and splatted: judged at them.
        offsets_list = to_list(offsets) if offsets is not None else None
        kwargs = make_kwargs(message=message, offsets=offsets_list)
        if asynchronous:
            return self.sync.commit(**kwargs)
        return anyio.to_thread.run_sync(lambda: self.sync.commit(asynchronous=False, **kwargs))

    def store_offsets(self, message=None, offsets=None) -> None:
        # Stores what its callers pass, when they call it: not evidence by itself.
        self.sync.store_offsets(**make_kwargs(message=message, offsets=offsets))

    async def consume(self, num_messages=1, timeout=-1):
        return await anyio.to_thread.run_sync(
            lambda: self.sync.consume(num_messages, timeout)
        )
