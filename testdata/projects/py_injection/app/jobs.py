"""Names no Kafka module: the clients reach it through threads, pools and partials."""


def report(err, msg) -> None:
    if err is not None:
        raise RuntimeError(err)


def consume_loop(src, stop) -> None:
    while not stop.is_set():
        msg = src.poll(1.0)
        if msg is None:
            continue
        print(msg.value())
        src.commit()  # expect: OL101


def consume_well(src) -> None:
    while True:
        msg = src.poll(1.0)
        if msg is None:
            continue
        print(msg.value())
        src.commit(message=msg)


def publish(sink, records) -> None:
    for r in records:
        sink.produce("out", r)  # expect: OL201


def publish_well(sink, records) -> None:
    for r in records:
        sink.produce("out", r, on_delivery=report)


def drain(src, *, timeout) -> None:
    msg = src.poll(timeout)
    if msg is not None:
        print(msg.value())
    src.commit()  # expect: OL101


def save(conn) -> None:
    """A database connection handed to a thread: never a Kafka finding."""
    conn.commit()


class Pump:
    def loop(self, src) -> None:
        while True:
            msg = src.poll(1.0)
            if msg is None:
                continue
            print(msg.value())
            src.commit()  # expect: OL101

    def later(self, sink) -> None:
        sink.produce("out", b"tick")  # expect: OL201


def consume_each(src) -> None:
    while True:
        msg = src.poll(1.0)
        if msg is None:
            continue
        print(msg.value())
        src.commit()  # expect: OL101


def save_each(conn) -> None:
    conn.commit()
