"""OL105 fixture (kafka-python): a setting passed from a parameter is what the callers pass,
and a caller that leaves the parameter out passes its default."""
from kafka import KafkaConsumer


def get_consumer(enable_auto_commit=True):
    return KafkaConsumer(  # expect: OL105
        "numbers",
        bootstrap_servers=["localhost:9092"],
        enable_auto_commit=enable_auto_commit,
        group_id="my-group",
    )


def get_manual_consumer(enable_auto_commit=False):
    return KafkaConsumer(
        "numbers",
        enable_auto_commit=enable_auto_commit,
        group_id="my-group",
    )


def get_consumer_from(options, enable_auto_commit=True):
    # One caller's `**options` may pass the setting: not known.
    return KafkaConsumer("numbers", enable_auto_commit=enable_auto_commit, group_id="g")


def get_configured_consumer(enable_auto_commit=True):
    # Every caller passes False.
    return KafkaConsumer("numbers", enable_auto_commit=enable_auto_commit, group_id="g")


def main(options):
    get_consumer()
    get_manual_consumer()
    get_consumer_from(options, **options)
    get_configured_consumer(enable_auto_commit=False)
    get_configured_consumer(False)
