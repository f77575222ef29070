from kapp.app import Service


def main() -> None:
    Service({"bootstrap.servers": "kafka:9092", "group.id": "svc"})
