KAFKA = {"bootstrap.servers": "kafka:9092"}
