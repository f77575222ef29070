from kapp.app import App


def test_builds() -> None:
    App(consumer_config={"bootstrap.servers": "kafka:9092", "group.id": "0"})
