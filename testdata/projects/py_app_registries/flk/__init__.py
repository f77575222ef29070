"""A Flask application factory: the producer is an attribute of the application."""

from flask import Flask
from kafka import KafkaProducer

from flk.views import bp


def create_app():
    app = Flask(__name__)
    app.producer = KafkaProducer(bootstrap_servers="k:9092", acks="all")
    app.register_blueprint(bp)
    return app
