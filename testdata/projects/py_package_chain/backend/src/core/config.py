KAFKA = {"bootstrap.servers": "kafka:9092", "group.id": "views", "enable.auto.commit": False}
