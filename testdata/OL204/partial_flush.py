"""OL204 fixture (confluent-kafka): a delivery callback's error list confirms delivery only
after a flush that waited for every record: `flush(10)` may return with the record still
queued (its count, thrown away here, says so) and the callback not yet run."""
from confluent_kafka import Consumer, Producer

consumer = Consumer({"group.id": "g", "enable.auto.commit": False})
producer = Producer({"acks": "all"})


def relay_timed_flush() -> None:
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        errors = []
        producer.produce("out", msg.value(), on_delivery=lambda err, m: errors.append(err))
        producer.flush(10)  # expect: OL202
        if errors:
            raise RuntimeError("not delivered")
        consumer.commit(message=msg)  # expect: OL204


def relay_full_flush() -> None:
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        errors = []
        producer.produce("out", msg.value(), on_delivery=lambda err, m: errors.append(err))
        producer.flush()
        if errors:
            raise RuntimeError("not delivered")
        consumer.commit(message=msg)


def relay_counted_flush() -> None:
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        errors = []
        producer.produce("out", msg.value(), on_delivery=lambda err, m: errors.append(err))
        if producer.flush(10) != 0 or errors:
            raise RuntimeError("not delivered")
        consumer.commit(message=msg)
