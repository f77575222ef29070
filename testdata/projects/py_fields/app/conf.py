C = {"bootstrap.servers": "kafka:9092", "group.id": "ledger", "enable.auto.commit": False}
P = {"bootstrap.servers": "kafka:9092", "linger.ms": 10}
