# expect-file: OL001
"""Not UTF-8 and no coding declaration: the bytes below are \xff\xfe and latin-1."""
from confluent_kafka import Consumer

GREETING = "café ÿþ"
consumer = Consumer({"group.id": "g"})
