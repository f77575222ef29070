import pytest

from pipeline_common.clients import make_consumer


@pytest.fixture
def orders_consumer():
    return make_consumer("orders-it")
