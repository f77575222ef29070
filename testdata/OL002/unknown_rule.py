"""OL002 (unused-suppression) for suppressions naming rules that do not exist: reported
whichever rules ran. The known selectors of the same comment still apply.
"""
from confluent_kafka import Consumer

consumer = Consumer({"bootstrap.servers": "localhost:9092", "group.id": "billing"})  # expect: OL105


def handle(msg):
    consumer.commit()  # offsetlint: ignore[OL999] no such rule  # expect: OL101, OL002
    consumer.commit()  # offsetlint: ignore[bare-comit] a misspelt name  # expect: OL101, OL002
    consumer.commit()  # noqa: OL999  # expect: OL101, OL002
    # The first selector suppresses the commit; the second is unknown.
    consumer.commit()  # offsetlint: ignore[OL101, OL9] the second is no rule prefix  # expect: OL002
    consumer.commit(message=msg)  # noqa: E501 belongs to another tool, not reported
