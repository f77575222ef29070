//! OL202 (rdkafka): a back-pressure flush selected by a test other than the arm's pattern (a
//! guard `e == ..QueueFull`, `matches!(e, ..QueueFull)` inside the error arm) is exempt when
//! the send is retried after it, as with `Err((KafkaError::MessageProduction(QueueFull), _))`;
//! without a retry the full queue drops the record and the flush's result is the only sign.
use rdkafka::error::{KafkaError, RDKafkaErrorCode};
use rdkafka::producer::{BaseProducer, BaseRecord, Producer, ProducerContext};
use std::time::Duration;

pub fn guard_retried<C: ProducerContext>(producer: &BaseProducer<C>, payload: &str) -> Result<(), KafkaError> {
    loop {
        match producer.send(BaseRecord::<(), str>::to("lines").payload(payload)) {
            Ok(()) => return Ok(()),
            Err((e, _)) if e == KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull) => {
                let _ = producer.flush(Duration::from_millis(100));
            }
            Err((e, _)) => return Err(e),
        }
    }
}

pub fn matches_retried<C: ProducerContext>(producer: &BaseProducer<C>, payload: &str) -> Result<(), KafkaError> {
    loop {
        match producer.send(BaseRecord::<(), str>::to("lines").payload(payload)) {
            Ok(()) => return Ok(()),
            Err((e, _)) => {
                if matches!(e, KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull)) {
                    let _ = producer.flush(Duration::from_millis(100));
                    continue;
                }
                return Err(e);
            }
        }
    }
}

pub fn guard_dropped<C: ProducerContext>(producer: &BaseProducer<C>, payload: &str) -> Result<(), KafkaError> {
    match producer.send(BaseRecord::<(), str>::to("lines").payload(payload)) {
        Ok(()) => Ok(()),
        Err((e, _)) if e == KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull) => {
            let _ = producer.flush(Duration::from_millis(100)); // expect: OL202
            Ok(())
        }
        Err((e, _)) => Err(e),
    }
}

pub fn other_error_flushed<C: ProducerContext>(producer: &BaseProducer<C>, payload: &str) -> Result<(), KafkaError> {
    loop {
        match producer.send(BaseRecord::<(), str>::to("lines").payload(payload)) {
            Ok(()) => return Ok(()),
            Err((e, _)) if e != KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull) => {
                let _ = producer.flush(Duration::from_millis(100)); // expect: OL202
            }
            Err((e, _)) => return Err(e),
        }
    }
}
