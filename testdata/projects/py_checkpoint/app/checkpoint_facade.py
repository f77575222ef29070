"""A checkpoint module that uses another one: the network import on the way is
`checkpoint_direct`'s finding (one fix there), not reported again here."""
from .checkpoint_direct import save


def save_twice(path: str, data: bytes) -> None:
    save(path, data)
    save(path + ".bak", data)
