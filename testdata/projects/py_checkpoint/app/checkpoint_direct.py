"""A checkpoint module that imports network code itself."""
import socket  # expect: OL401

from .localfs import write_atomic


def save(path: str, data: bytes) -> None:
    write_atomic(path, data)
    socket.create_connection(("control.internal", 9000)).sendall(data)
