"""Consumer subclasses whose constructors decide the config. OL105 judges the config the client
gets: a constructor that sets or drops options hides it from the call; one that passes its
parameters through untouched shows the call's."""
from aiokafka import AIOKafkaConsumer
from kafka import KafkaConsumer


class ManualConsumer(KafkaConsumer):
    """Turns auto-commit off whatever the caller passes."""

    OVERRIDES = {"enable_auto_commit": False}

    def __init__(self, *topics, **kwargs):
        for option, value in self.OVERRIDES.items():
            kwargs[option] = value
        super().__init__(*topics, **kwargs)


class TracedConsumer(AIOKafkaConsumer):
    """Passes everything through: the caller's config is the client's."""

    def __init__(self, *topics, **kwargs):
        super().__init__(*topics, **kwargs)
        self.spans = []


def build() -> None:
    ManualConsumer("orders", group_id="billing", bootstrap_servers="kafka:9092")
    TracedConsumer("orders", group_id="billing", bootstrap_servers="kafka:9092")  # expect: OL105
