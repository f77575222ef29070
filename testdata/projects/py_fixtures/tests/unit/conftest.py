import pytest

from app.fakes import FakeConsumer


@pytest.fixture
def consumer():
    """Overrides the Kafka consumer fixture of the conftest above with a fake."""
    return FakeConsumer()
