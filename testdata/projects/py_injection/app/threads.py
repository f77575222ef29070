"""Builds the clients and hands them to functions of app.jobs run on threads, pools and
partials: the functions' parameters hold the clients."""

import functools
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.pool import ThreadPool

from confluent_kafka import Consumer, Producer

from app.jobs import (
    Pump,
    consume_each,
    consume_loop,
    consume_well,
    drain,
    publish,
    publish_well,
    save,
    save_each,
)


def main() -> None:
    kc = Consumer({"bootstrap.servers": "k", "group.id": "g", "enable.auto.commit": False})
    kp = Producer({"bootstrap.servers": "k"})
    stop = threading.Event()
    threading.Thread(target=consume_loop, args=(kc, stop), daemon=True).start()
    threading.Thread(target=consume_well, kwargs={"src": kc}).start()
    with ThreadPoolExecutor(max_workers=2) as pool:
        pool.submit(publish, kp, [b"a"])
        pool.submit(publish_well, sink=kp, records=[b"b"])
    finish = functools.partial(drain, kc, timeout=5.0)
    finish()
    threading.Thread(target=Pump().loop, args=(kc,)).start()
    ThreadPool(1).apply_async(Pump().later, (kp,))
    threading.Thread(target=save, args=(sqlite3.connect(":memory:"),)).start()
    if kp.flush(10.0):
        raise RuntimeError("undelivered messages")


def pool(conf: dict, n: int) -> None:
    """One consumer per thread, from a list built by a comprehension."""
    consumers = [Consumer(conf) for _ in range(n)]
    for c in consumers:
        threading.Thread(target=consume_each, args=(c,)).start()
    connections = [sqlite3.connect(":memory:") for _ in range(n)]
    for conn in connections:
        threading.Thread(target=save_each, args=(conn,)).start()
