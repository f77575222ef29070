class KafkaProducer:
    def __init__(self, **configs):
        self._configs = configs

    def send(self, topic, value=None):
        return self._append(topic, value)

    def flush(self, timeout=None):
        self._wait(timeout)

    def _append(self, topic, value):
        return (topic, value)

    def _wait(self, timeout):
        return timeout
