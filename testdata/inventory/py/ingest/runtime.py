"""Runtime settings read from the environment."""
import os


class Config:
    def __init__(self):
        self.host_ingress_consumer_group = os.environ["INGRESS_GROUP"]


config = Config()
