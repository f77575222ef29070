"""OL105 fixture (aiokafka): settings the program writes down, read where they are. A
settings class's field default (`ENABLE_AUTO_COMMIT: bool = True`, set nowhere else in the
program) is the value the consumer gets; shared connection options merged with `|=` (as
`options["k"] = v` would set them) keep the dict visible, so the key it never sets stays at
the client's default."""
from aiokafka import AIOKafkaConsumer
from pydantic_settings import BaseSettings


class KafkaSettings(BaseSettings):
    BOOTSTRAP_SERVERS: str = "localhost:9092"
    CONSUMER_GROUP_ID: str = "fraud-detection"
    ENABLE_AUTO_COMMIT: bool = True
    MANUAL_COMMIT: bool = False


kafka_settings = KafkaSettings()


class Connection:
    def __init__(self, sasl: bool):
        self.sasl = sasl

    def common(self) -> dict:
        options: dict = {"bootstrap_servers": kafka_settings.BOOTSTRAP_SERVERS}
        if self.sasl:
            options |= {"sasl_mechanism": "PLAIN", "security_protocol": "SASL_SSL"}
        return options


class Service:
    def __init__(self, connection: Connection):
        self.connection = connection

    async def start(self):
        self.consumer = AIOKafkaConsumer(  # expect: OL105
            "transactions",
            group_id=kafka_settings.CONSUMER_GROUP_ID,
            enable_auto_commit=kafka_settings.ENABLE_AUTO_COMMIT,
        )
        self.manual = AIOKafkaConsumer(
            "transactions",
            group_id=kafka_settings.CONSUMER_GROUP_ID,
            enable_auto_commit=kafka_settings.MANUAL_COMMIT,
        )

    async def member(self, group: str):
        return AIOKafkaConsumer(  # expect: OL105
            "events", group_id=group, **self.connection.common()
        )
