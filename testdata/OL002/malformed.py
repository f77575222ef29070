# offsetlint: ignore-file needs a rule list  # expect: OL002
"""OL002 (unused-suppression) for directives that can never apply: malformed ones.

They are reported whichever rules ran, and they suppress nothing, so the commits they sit on
stay flagged. A suppression that is merely stale (its finding went away) is reported only when
the rule it names ran: those cases are in testdata/suppress/, linted with every rule on.
"""
from confluent_kafka import Consumer

consumer = Consumer({"bootstrap.servers": "localhost:9092", "group.id": "billing"})  # expect: OL105


def handle(msg):
    # offsetlint: ignored[OL101] the directive word is `ignore`  # expect: OL002
    consumer.commit()  # expect: OL101
    consumer.commit()  # offsetlint: disable  # expect: OL101, OL002
    consumer.commit()  # offsetlint: ignore[OL101]x  # expect: OL101, OL002
    consumer.commit()  # offsetlint: ignore[OL101 the list is not closed  # expect: OL101, OL002
    consumer.commit()  # offsetlint: ignore[] empty list  # expect: OL101, OL002
    # offsetlint: ignore-file[OL101] only in the leading comment block  # expect: OL002
    consumer.commit()  # expect: OL101
    # A well-formed directive is used: nothing here.
    consumer.commit()  # offsetlint: ignore[OL101] every failure above re-raises
    consumer.commit(message=msg)
