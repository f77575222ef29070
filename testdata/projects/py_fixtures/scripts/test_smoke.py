"""Outside tests/: no conftest above, so `consumer` is not a fixture here."""


def test_smoke(consumer):
    consumer.commit()
