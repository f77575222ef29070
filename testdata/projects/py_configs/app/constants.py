"""librdkafka property names, spelled once."""
ON_DELIVERY = "on_delivery"
AUTO_STORE = "enable.auto.offset.store"
LINGER = "linger.ms"
