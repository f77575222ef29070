"""OL103 fixture (confluent-kafka): a function the consume loop hands each polled batch
decodes the messages into a list (`out.append(json.loads(m.value()))`) and hands that on;
its handler that only logs lets the loop go on past the batch, and the next position-wide
commit covers it. The list holds the messages' data as surely as a name bound from them."""
import json
import logging

from confluent_kafka import Consumer

log = logging.getLogger(__name__)


class BatchConsumer:
    def __init__(self, conf):
        self.c = Consumer(conf)

    def run(self):
        while True:
            batch = self.c.consume(num_messages=100, timeout=1.0)
            if not batch:
                continue
            self.process(batch)
            self.strict(batch)

    def process(self, batch):
        try:
            out = []
            for m in batch:
                out.append(json.loads(m.value()))
            self.handle(out)
            self.c.commit(message=batch[-1])
        except Exception as e:  # expect: OL103
            log.error(e)

    def strict(self, batch):
        try:
            out = []
            for m in batch:
                out.append(json.loads(m.value()))
            self.handle(out)
            self.c.commit(message=batch[-1])
        except Exception as e:
            log.error(e)
            raise

    def handle(self, items):
        pass
