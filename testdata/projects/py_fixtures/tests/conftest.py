import pytest
import pytest_asyncio

from app.kafka import make_async_consumer, make_consumer, make_producer


def _delivered(err, msg) -> None:
    assert err is None


@pytest.fixture
def consumer():
    return make_consumer("payments-it")


@pytest.fixture(name="out")
def _out_fixture():
    p = make_producer()
    yield p
    p.flush(10)  # expect: OL202


@pytest.fixture(scope="session")
def relay(consumer, out):
    return consumer, out


@pytest_asyncio.fixture
async def aconsumer():
    c = make_async_consumer("payments")
    await c.start()
    yield c
    await c.stop()


@pytest.fixture
def checked_out(out):
    yield out
    assert out.flush(10) == 0
