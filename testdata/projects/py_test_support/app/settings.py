"""Settings that happen to build the bus (through app.bus)."""
from app.bus import PRODUCER

TOPIC = "orders"
SINK = PRODUCER
