"""Names no Kafka module: its consumer comes from `app/utils/`, imported as `utils`."""

from utils import make

C = make({"bootstrap.servers": "kafka:9092", "group.id": "bake"})[1]


def run():
    while True:
        msg = C.poll(1.0)
        if msg is None:
            continue
        print(msg.value())
        C.commit()  # expect: OL101
