"""Names no Kafka module. A base worker gets its consumer from its subclasses'
`super().__init__(..)`; a service gets its producer set from outside (setter injection)."""


class BaseWorker:
    def __init__(self, source, name: str) -> None:
        self.source = source
        self.name = name

    def loop(self) -> None:
        while True:
            msg = self.source.poll(1.0)
            if msg is None:
                continue
            print(self.name, msg.value())
            self.source.commit()  # expect: OL101

    def loop_well(self) -> None:
        while True:
            msg = self.source.poll(1.0)
            if msg is None:
                continue
            self.source.commit(message=msg)


class Notifier:
    def __init__(self) -> None:
        self.sink = None
        self.store = None

    def notify(self, value: bytes) -> None:
        self.sink.produce("notices", value)  # expect: OL201

    def notify_well(self, value: bytes) -> None:
        self.sink.produce("notices", value, on_delivery=print)

    def save(self) -> None:
        # Set from outside to a database connection: never a Kafka finding.
        self.store.commit()
