"""Classes holding clients in attributes. No Kafka module imported here either."""
from .conf import C, P
from .types import Deps, Sink, Src


def cb(err, msg) -> None:
    if err is not None:
        raise RuntimeError(err)


class Base:
    def __init__(self) -> None:
        self._out = Sink(P)


class Forwarder(Base):
    def start(self) -> None:
        self._src = Src(C)

    def step(self) -> None:
        msg = self._src.poll(1.0)
        self._out.produce("fwd", msg.value())  # expect: OL201
        self._out.produce("fwd", msg.value(), on_delivery=cb)
        self._src.commit()  # expect: OL101
        self._src.commit(message=msg)


class Announcer:
    _bus = Sink(P)

    def announce(self, body: bytes) -> None:
        self._bus.produce("news", body)  # expect: OL201
        self._bus.produce("news", body, on_delivery=cb)

    @classmethod
    def shout(cls, body: bytes) -> None:
        cls._bus.produce("news", body)  # expect: OL201
        cls._bus.produce("news", body, on_delivery=cb)


def from_outside(body: bytes) -> None:
    Announcer._bus.produce("news", body)  # expect: OL201
    Announcer._bus.produce("news", body, on_delivery=cb)
    if Announcer._bus.flush(5):
        raise RuntimeError("news still queued")
    Announcer._bus.flush(5)  # expect: OL202


class Handler:
    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    def handle(self, body: bytes) -> None:
        self.deps.results.results.produce("results", body)  # expect: OL201
        self.deps.results.results.produce("results", body, on_delivery=cb)


class Relay:
    """A client passed into the constructor and stored."""

    def __init__(self, kc, sink) -> None:
        self._kc = kc
        self._sink = sink

    def pump(self) -> None:
        msg = self._kc.poll(1.0)
        self._sink.produce("relayed", msg.value())  # expect: OL201
        self._sink.produce("relayed", msg.value(), on_delivery=cb)
        self._kc.commit()  # expect: OL101
        self._kc.commit(message=msg)


def build_relay() -> Relay:
    return Relay(Src(C), sink=Sink(P))
