"""Integration tests: no Kafka import here, the clients come from fixtures."""
import pytest


def cb(err, msg) -> None:
    assert err is None


@pytest.fixture
def local_sink(out):
    return out


def test_commit(consumer):
    msg = consumer.poll(5.0)
    consumer.commit()  # expect: OL101
    consumer.commit(message=msg)


def test_named_fixture(out):
    out.produce("payments", b"x")  # expect: OL201
    out.produce("payments", b"x", on_delivery=cb)


def test_fixture_of_fixtures(relay):
    src, sink = relay
    msg = src.poll(5.0)
    sink.produce("payments", msg.value())  # expect: OL201
    sink.produce("payments", msg.value(), on_delivery=cb)
    src.commit()  # expect: OL101
    src.commit(msg)


def test_nested_conftest(source):
    msg = source.poll(5.0)
    source.commit()  # expect: OL101
    source.commit(message=msg)


def test_same_module_fixture(local_sink):
    local_sink.produce("payments", b"y")  # expect: OL201
    local_sink.produce("payments", b"y", on_delivery=cb)


def test_yield_fixture_flush(checked_out):
    checked_out.flush(5)  # expect: OL202
    assert checked_out.flush(5) == 0


@pytest.mark.asyncio
async def test_async_fixture(aconsumer):
    msg = await aconsumer.getone()
    await aconsumer.commit()  # expect: OL101
    await aconsumer.commit({msg.partition: msg.offset + 1})
