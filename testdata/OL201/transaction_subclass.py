"""OL201 fixture (confluent-kafka): a producer subclass whose `produce` override sends through
`super()` inside a transaction of its own instance. The transaction's commit fails when a
delivery failed; a handler that aborts the transaction (and requeues the record) sees that
failure, so the send is confirmed. A handler that only logs swallows it."""
import logging

from confluent_kafka import KafkaException, Producer

log = logging.getLogger(__name__)


class TransactionalProducer(Producer):
    def __init__(self, conf, requeue):
        super().__init__(conf)
        self._requeue = requeue
        self.init_transactions()

    def produce(self, topic, value, key=None):
        while True:
            try:
                self.begin_transaction()
                super().produce(topic, key=key, value=value)
                self.commit_transaction()
                break
            except KafkaException as e:
                if e.args[0].retriable():
                    continue
                self.abort_transaction()
                self._requeue(topic, value, key)
                break


class LoggingTransactionalProducer(Producer):
    def __init__(self, conf):
        super().__init__(conf)
        self.init_transactions()

    def produce(self, topic, value, key=None):
        try:
            self.begin_transaction()
            super().produce(topic, key=key, value=value)  # expect: OL201
            self.commit_transaction()
        except KafkaException:
            log.exception("transaction failed")
