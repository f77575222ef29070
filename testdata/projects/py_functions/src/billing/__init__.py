"""Billing service. The Kafka factories are re-exported here for the jobs."""
from .kafka import make_consumer, shared_producer

__all__ = ["make_consumer", "shared_producer"]
