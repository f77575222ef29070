"""A service: its clients come from the shared factory, unpacked at module level."""
from utils import delivery_report, set_producer_consumer

PRODUCER, CONSUMER = set_producer_consumer(
    producer_extra_config={"on_delivery": delivery_report, "client.id": "assemble"},
    consumer_extra_config={"group.id": "assemble"},
)


def publish(order):
    # Every caller of the factory gives the same global on_delivery: not a finding.
    PRODUCER.produce("assemble", order)
    PRODUCER.flush()


def run():
    while True:
        event = CONSUMER.poll(1)
        if event is None:
            continue
        try:
            print(event.value().decode())
        except Exception:  # expect: OL103
            print("failed")
        CONSUMER.commit(asynchronous=False)  # expect: OL101
