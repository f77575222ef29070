"""Builds the clients and hands them to functions of app.jobs run on threads, pools and
partials: the functions' parameters hold the clients."""

import functools
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.pool import ThreadPool

from confluent_kafka import Consumer, Producer

from app.jobs import Pump, consume_loop, consume_well, drain, publish, publish_well, save


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
