import pytest


@pytest.fixture
def source(consumer):
    yield consumer
