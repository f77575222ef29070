"""OL105 fixture (kafka-python): a setting passed from a parameter is what the callers pass,
and a caller that leaves the parameter out passes its default."""
from aiokafka import AIOKafkaConsumer
from kafka import KafkaConsumer


def get_consumer(enable_auto_commit=True):
    return KafkaConsumer(  # expect: OL105
        "numbers",
        bootstrap_servers=["localhost:9092"],
        enable_auto_commit=enable_auto_commit,
        group_id="my-group",
    )


def get_manual_consumer(enable_auto_commit=False):
    return KafkaConsumer(
        "numbers",
        enable_auto_commit=enable_auto_commit,
        group_id="my-group",
    )


def get_consumer_from(options, enable_auto_commit=True):
    # One caller's `**options` may pass the setting: not known.
    return KafkaConsumer("numbers", enable_auto_commit=enable_auto_commit, group_id="g")


def get_configured_consumer(enable_auto_commit=True):
    # Every caller passes False.
    return KafkaConsumer("numbers", enable_auto_commit=enable_auto_commit, group_id="g")


def main(options):
    get_consumer()
    get_manual_consumer()
    get_consumer_from(options, **options)
    get_configured_consumer(enable_auto_commit=False)
    get_configured_consumer(False)


class Source:
    """Settings kept on the instance from the constructor's parameters, and its `**kwargs`
    taken from what the callers pass (nothing: the defaults hold)."""

    def __init__(self, topics, group_id="fastmesh", enable_auto_commit=True, **kwargs):
        self._topics = topics
        self._group_id = group_id
        self._enable_auto_commit = enable_auto_commit
        self._kwargs = kwargs

    def consumer(self):
        # A keyword written out cannot also come from `**self._kwargs` (Python raises on
        # the duplicate): `enable_auto_commit` is known whatever the spread holds.
        return AIOKafkaConsumer(  # expect: OL105
            *self._topics,
            group_id=self._group_id,
            enable_auto_commit=self._enable_auto_commit,
            **self._kwargs,
        )

    def extra_consumer(self):
        return AIOKafkaConsumer(*self._topics, group_id="g", **self._kwargs)  # expect: OL105


class PooledSource:
    def __init__(self, topics, enable_auto_commit=True, **kwargs):
        self._topics = topics
        self._enable_auto_commit = enable_auto_commit
        self._kwargs = kwargs

    def consumer(self):
        # A subclass inherits this constructor: its instances' settings come from calls
        # naming the subclass too (`ManualSource(.., enable_auto_commit=False)`): not known.
        return AIOKafkaConsumer(
            *self._topics, group_id="g", enable_auto_commit=self._enable_auto_commit
        )

    def extra_consumer(self):
        return AIOKafkaConsumer(*self._topics, group_id="g", **self._kwargs)


class ManualSource(PooledSource):
    pass


def start_sources():
    Source(["orders"])
    PooledSource(["audit"])
    ManualSource(["payments"], enable_auto_commit=False)
