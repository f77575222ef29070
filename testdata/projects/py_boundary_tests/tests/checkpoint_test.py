import socket


def test_port() -> None:
    socket.socket().close()
