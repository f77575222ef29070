"""Notices go out through the events wrappers."""
from ingest.events import publish_unconfirmed, shutdown


def notify(user, text):
    publish_unconfirmed("notices", f"{user}: {text}")


def close():
    shutdown()
