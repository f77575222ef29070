"""Unit tests: `consumer` is the fake of tests/unit/conftest.py (the nearest wins)."""


def test_commit_is_recorded(consumer):
    consumer.poll(0.1)
    consumer.commit()
    assert consumer.committed == [None]
