"""Clients kept in literal containers at module level."""
from confluent_kafka import Consumer, Producer

from .conf import C, P

PRODUCERS = {"orders": Producer(P), "audit": Producer(P)}
CONSUMERS = [Consumer(C), Consumer(C)]
# A config dict and a mixed pair: neither is a container of clients.
SETTINGS = {"orders": P, "audit": P}
PAIR = [Consumer(C), Producer(P)]
