"""OL105 (kafka-python): settings spread from a helper with several returns (`return {}` in
test mode, the connection settings otherwise). A call gets one of them; a setting none of
them gives stays at the client's default (auto-commit on), whichever it is, and a setting
they all give alike is known. When one of them is not visible, nothing is judged."""
from kafka import KafkaConsumer


def connection_args(cfg):
    if cfg.test_mode:
        return {}
    args = {"bootstrap_servers": cfg.servers}
    if cfg.use_tls:
        args.update({"security_protocol": "SSL", "ssl_cafile": cfg.cafile})
    return args


def manual_args(cfg):
    if cfg.test_mode:
        return {"enable_auto_commit": False}
    return {"bootstrap_servers": cfg.servers, "enable_auto_commit": False}


def mixed_args(cfg):
    if cfg.legacy:
        return {"bootstrap_servers": cfg.servers}
    return {"bootstrap_servers": cfg.servers, "enable_auto_commit": False}


def opaque_args(cfg):
    if cfg.test_mode:
        return {}
    return cfg.kafka_options


class Consumers:
    def __init__(self, cfg):
        self.auto = KafkaConsumer(cfg.topic, group_id=cfg.group, **connection_args(cfg))  # expect: OL105
        self.manual = KafkaConsumer(cfg.topic, group_id=cfg.group, **manual_args(cfg))
        self.either = KafkaConsumer(cfg.topic, group_id=cfg.group, **mixed_args(cfg))
        self.unseen = KafkaConsumer(cfg.topic, group_id=cfg.group, **opaque_args(cfg))
