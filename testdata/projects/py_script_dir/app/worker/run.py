"""`python app/worker/run.py`: `helpers` is `app/worker/helpers.py` (beside the script), not
`app/helpers.py`, which is further up."""

from helpers import build


def main():
    consumer = build({"bootstrap.servers": "kafka:9092", "group.id": "w"})
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        print(msg.value())
        consumer.commit()  # expect: OL101
