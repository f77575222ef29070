"""A database-backed ledger with its own `commit()`."""


class Ledger:
    def __init__(self) -> None:
        self.pending = []

    def commit(self) -> None:
        self.pending.clear()


def open_ledger() -> Ledger:
    return Ledger()
