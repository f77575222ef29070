"""OL105 (aiokafka): a project subclass whose constructor builds the client's settings itself
in `super().__init__(..)`, from its own parameters: the settings it sets are known to be set,
and what it leaves out stays at the client's default (auto-commit on)."""
from aiokafka import AIOKafkaConsumer


class BaseConsumer(AIOKafkaConsumer):
    def __init__(self, topics, config):
        super().__init__(
            *topics,
            bootstrap_servers=config.kafka.ADDRESS,
            group_id=config.kafka.GROUP_ID,
        )


class ManualConsumer(AIOKafkaConsumer):
    def __init__(self, topics, config):
        super().__init__(
            *topics,
            bootstrap_servers=config.kafka.ADDRESS,
            group_id=config.kafka.GROUP_ID,
            enable_auto_commit=False,
        )


class TunedConsumer(AIOKafkaConsumer):
    def __init__(self, topics, config, **options):
        super().__init__(*topics, group_id=config.kafka.GROUP_ID, **options)


async def consume(config, topics, options) -> None:
    auto = BaseConsumer(topics, config)  # expect: OL105
    await auto.start()
    manual = ManualConsumer(topics, config)
    await manual.start()
    tuned = TunedConsumer(topics, config, **options)  # options unseen: not judged
    await tuned.start()
