"""OL205 (confluent-kafka): librdkafka's legacy `default.topic.config` holds topic settings
applied as if set at the top, `request.required.acks` (the alias of `acks`) among them."""
import confluent_kafka


class Producers:
    def __init__(self, servers):
        config = {"bootstrap.servers": servers}
        config["default.topic.config"] = {"request.required.acks": 0}
        self.fast = confluent_kafka.Producer(config)  # expect: OL205
        literal = confluent_kafka.Producer(  # expect: OL205
            {"bootstrap.servers": servers, "default.topic.config": {"acks": 1}}
        )
        self.literal = literal
        durable = {"bootstrap.servers": servers}
        durable["default.topic.config"] = {"request.required.acks": -1}
        self.durable = confluent_kafka.Producer(durable)
