from mypkg.kafka import make_producer


def publish(events) -> None:
    producer = make_producer()
    for e in events:
        producer.produce("audit", e)  # expect: OL201
    producer.flush(5)  # expect: OL202
