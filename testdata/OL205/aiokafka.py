"""OL205 fixture (aiokafka): its default is `acks=1` unless idempotence is on (a transactional
id turns it on)."""
import aiokafka
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka import AIOKafkaProducer as _AIOKafkaProducer


async def produce(settings, txn_id: str, flag: bool) -> None:
    default = AIOKafkaProducer(bootstrap_servers="localhost:9092")  # expect: OL205
    leader_only = AIOKafkaProducer(bootstrap_servers="localhost:9092", acks=1)  # expect: OL205
    no_wait = aiokafka.AIOKafkaProducer(acks=0)  # expect: OL205
    not_idempotent = AIOKafkaProducer(enable_idempotence=False)  # expect: OL205
    no_txn = AIOKafkaProducer(transactional_id=None)  # expect: OL205
    private_alias = _AIOKafkaProducer(bootstrap_servers="localhost:9092")  # expect: OL205
    full = AIOKafkaProducer(acks="all")
    minus_one = AIOKafkaProducer(acks=-1)
    idempotent = AIOKafkaProducer(enable_idempotence=True)
    transactional = AIOKafkaProducer(transactional_id=txn_id)  # idempotence on: `all`
    maybe = AIOKafkaProducer(enable_idempotence=flag)  # not a literal: not judged
    spread = AIOKafkaProducer(bootstrap_servers="localhost:9092", **settings)  # not complete
    consumer = AIOKafkaConsumer("payments", group_id="billing", enable_auto_commit=False)
    for p in (default, leader_only, no_wait, not_idempotent, no_txn, private_alias, full):
        await p.start()
    for p in (minus_one, idempotent, transactional, maybe, spread):
        await p.start()
    await consumer.start()
