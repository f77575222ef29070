"""OL203 fixture (confluent-kafka): a delivery callback that starts a task. The client calls
the callback from `poll()`/`flush()` and throws away what it returns, so a lambda that returns
the task it creates drops it. A callback that keeps the task (in a set it removes it from when
done) is clean."""
import asyncio
import logging

from confluent_kafka import Producer


class AsyncReportingProducer(Producer):
    def __init__(self, **config):
        super().__init__(config)
        self._reports = set()

    async def _delivery_report(self, err, msg):
        if err is not None:
            logging.error("delivery failed: %s", err)

    def send_dropping(self, topic, value):
        self.produce(
            topic,
            value=value,
            callback=lambda err, msg: asyncio.ensure_future(self._delivery_report(err, msg)),  # expect: OL203
        )

    def send_keeping(self, topic, value):
        self.produce(topic, value=value, on_delivery=self._keep_report)

    def _keep_report(self, err, msg):
        task = asyncio.ensure_future(self._delivery_report(err, msg))
        self._reports.add(task)
        task.add_done_callback(self._reports.discard)
