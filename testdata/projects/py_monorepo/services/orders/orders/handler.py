def handle(record) -> None:
    print(record.value())
