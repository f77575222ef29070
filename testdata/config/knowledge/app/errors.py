from confluent_kafka import Consumer

from billing import apply_payment
from billing.errors import LedgerBusy, PaymentTimeout

consumer = Consumer({"group.id": "billing", "enable.auto.commit": False})


def run() -> None:
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        try:
            apply_payment(msg.value())
        except PaymentTimeout:
            consumer.commit(message=msg)
            continue
        except LedgerBusy:
            consumer.commit(message=msg)  # expect: OL102
            continue
        consumer.commit(message=msg)
