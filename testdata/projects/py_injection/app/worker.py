from confluent_kafka import Consumer, Producer

from app.handlers import Handler, run_batch


def main() -> None:
    kc = Consumer({"bootstrap.servers": "k", "group.id": "g", "enable.auto.commit": False})
    kp = Producer({"bootstrap.servers": "k", "on_delivery": print})
    Handler(kc, kp).run()
    run_batch(kc)
