from streams.consumer import StreamConsumer
from streams.dlq import DeadLetters
from streams.producer import StreamProducer

producer = StreamProducer({"bootstrap.servers": "kafka:9092", "transactional.id": "app"})
dead_letters = DeadLetters(producer)
consumer = StreamConsumer({"group.id": "app", "enable.auto.commit": False})


def handle(msg):
    ...


def store(value):
    ...


def route_failures_unconfirmed():
    for msg in consumer:
        try:
            handle(msg)
            consumer.commit(msg)
        except Exception as e:
            dead_letters.send(msg, error=e)
            consumer.commit(msg)  # expect: OL102, OL204


def poll_loop_swallows():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        try:
            handle(msg)
        except Exception:  # expect: OL103
            print("failed")
        consumer.commit(msg)


def poll_loop_stops():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        try:
            handle(msg)
        except Exception:
            print("failed")
            raise
        consumer.commit(msg)


def values_swallow():
    for value in consumer.values():
        try:
            store(value)
        except Exception:  # expect: OL103
            print("store failed")


def values_stop():
    for value in consumer.values():
        try:
            store(value)
        except Exception:
            print("store failed")
            break


def transactional_relay(values):
    with producer.transaction():
        for v in values:
            producer.send("out", v)


def relay_outside_transaction(values):
    for v in values:
        producer.send("out", v)  # expect: OL201


def process_or_dead_letter(msg):
    try:
        handle(msg)
        return True
    except Exception as e:
        dead_letters.send(msg, error=e)
        return False


def route_with_flag():
    for msg in consumer:
        ok = process_or_dead_letter(msg)
        if ok:
            consumer.commit(msg)
        else:
            consumer.commit(msg)  # expect: OL204
