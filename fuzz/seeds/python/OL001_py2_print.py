# expect-file: OL001
"""Python 2 code: `print` statements and `except X, e` do not parse as Python 3."""
from kafka import KafkaConsumer

consumer = KafkaConsumer("orders", group_id="legacy")
for msg in consumer:
    try:
        print "offset", msg.offset
    except ValueError, e:
        print e
