"""OL205 precision: `acks` settings of other systems, and a project class named `Producer`."""
import pika

from .messaging import Producer

channel = pika.BlockingConnection().channel()
channel.confirm_delivery()
worker = Producer({"acks": 1})
settings = {"acks": 1, "retries": 0}
