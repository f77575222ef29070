"""Two hops from the client's construction: the consumer is passed on again."""


def settle(consumer, msg) -> None:
    consumer.commit()  # expect: OL101
    consumer.commit(message=msg)
