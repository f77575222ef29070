"""OL105 fixture (kafka-python): a library's handler takes optional consumer settings
(`consumer_kwargs=None`, emptied with `if not consumer_kwargs: consumer_kwargs = {}`) and
spreads them into the consumer. Nothing in the project calls it: what its users pass is not
known, so the config cannot be seen whole and nothing is said. A handler whose settings are
all written out is flagged."""
import kafka


class KafkaHandler:
    def __init__(self, servers, group, consumer_kwargs=None):
        if not consumer_kwargs:
            consumer_kwargs = {}
        self._consumer = kafka.KafkaConsumer(
            bootstrap_servers=servers, group_id=group, **consumer_kwargs
        )


class FixedHandler:
    def __init__(self, servers, group):
        self._consumer = kafka.KafkaConsumer(  # expect: OL105
            bootstrap_servers=servers, group_id=group, auto_offset_reset="earliest"
        )
