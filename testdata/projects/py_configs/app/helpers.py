"""Config helpers."""
from .settings import BOOTSTRAP, log_delivery


def confirmed_conf() -> dict:
    conf = dict(BOOTSTRAP)
    conf["on_delivery"] = log_delivery
    return conf


def plain_conf() -> dict:
    conf = dict(BOOTSTRAP)
    conf["linger.ms"] = 20
    return conf


def add_callback(conf: dict) -> None:
    conf["on_delivery"] = log_delivery


def add_linger(conf: dict) -> None:
    conf["linger.ms"] = 20
