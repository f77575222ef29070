"""Async consumer that asks litellm where to rewind (wrongly).

OL301 fixture (litellm): the model's answer reaches `OffsetAndMetadata(offset, ..)`,
an aiokafka commit's offsets dict, and `seek(tp, offset)`. Offsets taken from handled
records are clean, and so is model text that is only logged.
"""
import logging

import litellm
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.structs import OffsetAndMetadata

log = logging.getLogger(__name__)


async def rewind_by_model(consumer: AIOKafkaConsumer, tp: TopicPartition, alert: str) -> None:
    response = litellm.completion(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": f"{alert}\nWhich offset should we rewind to?"}],
    )
    suggestion = response.choices[0].message.content
    target = int(suggestion.strip().rstrip("."))
    consumer.seek(tp, target)  # expect: OL301
    await consumer.commit(
        {tp: OffsetAndMetadata(target + 1, "")},  # expect: OL301
    )


async def skip_by_model(consumer: AIOKafkaConsumer, tp: TopicPartition, report: str) -> None:
    response = await litellm.acompletion(
        model="claude-3-5-haiku-latest",
        messages=[{"role": "user", "content": f"How many records of this batch are junk? {report}"}],
    )
    junk = int(response["choices"][0]["message"]["content"])
    position = await consumer.position(tp)
    skip_to = position + junk
    await consumer.commit({tp: skip_to})  # expect: OL301
    await consumer.commit(offsets={tp: skip_to})  # expect: OL301


async def summarise_batch(consumer: AIOKafkaConsumer, producer: AIOKafkaProducer) -> None:
    """Negative: model output is logged and produced; offsets come from the records."""
    batches = await consumer.getmany(timeout_ms=1000, max_records=50)
    for tp, records in batches.items():
        text = "\n".join(r.value.decode() for r in records)
        response = litellm.completion(model="gpt-4o-mini", messages=[{"role": "user", "content": text}])
        summary = response.choices[0].message.content
        log.info("batch summary for %s: %s", tp, summary)  # model text only logged
        await producer.send_and_wait("batch-summaries", summary.encode())  # model text as a message value
        await consumer.commit({tp: OffsetAndMetadata(records[-1].offset + 1, "")})  # offset from the handled record
