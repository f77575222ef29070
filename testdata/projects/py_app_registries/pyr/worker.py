"""Names no Kafka module: the consumer comes from the registry `bootstrap` returns."""

import logging

from pyramid.paster import bootstrap

log = logging.getLogger(__name__)


def _process(handler, msg, consumer):
    try:
        handler(msg)
    except Exception:  # expect: OL103
        log.exception("handler failed at offset %s", msg.offset())
        return
    consumer.commit(message=msg, asynchronous=False)


def _process_strict(handler, msg, consumer):
    try:
        handler(msg)
    except Exception:
        log.exception("handler failed at offset %s", msg.offset())
        raise
    consumer.commit(message=msg, asynchronous=False)


def run(ini_file, handler, strict):
    env = bootstrap(ini_file)
    registry = env["registry"]
    consumer = registry.kafka.consumer
    consumer.subscribe(["events"])
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        if strict:
            _process_strict(handler, msg, consumer)
        else:
            _process(handler, msg, consumer)


def pending(request):
    return request.registry.kafka.consumer.assignment()
