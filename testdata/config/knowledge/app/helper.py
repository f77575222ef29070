from confluent_kafka import Consumer
from mypkg.kafka import commit_message

from billing import apply_payment

consumer = Consumer({"group.id": "billing", "enable.auto.commit": False})


def run() -> None:
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        try:
            apply_payment(msg.value())
        except Exception:
            commit_message(consumer, msg)  # expect: OL102
            continue
        commit_message(consumer, msg)


def unrelated(session, msg) -> None:
    # A helper of the same name from another package is not the declared one.
    from otherpkg import commit_message as other_commit

    try:
        apply_payment(msg.value())
    except Exception:
        other_commit(consumer, msg)
