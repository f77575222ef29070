"""Names no Kafka module: its consumer comes from `backend/src/db/`, imported as `db`."""

from db.kafka_consumer import get_consumer


def consume():
    consumer = get_consumer()
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        try:
            print(msg.value())
        except Exception:  # expect: OL103
            continue
        consumer.commit()  # expect: OL101
