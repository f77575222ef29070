class KafkaConsumer:
    """The library's own consumer: its methods are the client's, not calls on a client."""

    def __init__(self, *topics, **configs):
        self._topics = topics
        self._configs = configs

    def commit(self, offsets=None):
        self._send_commit(offsets)

    def _send_commit(self, offsets):
        return offsets
