use rdkafka::config::ClientConfig;
use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::error::KafkaResult;
use rdkafka::message::BorrowedMessage;

/// What a source does with a processed message.
pub trait Acknowledge {
    fn ack(&self, m: &BorrowedMessage<'_>) -> KafkaResult<()>;
}

/// Stores each processed message (trait impl below, same file); commits the stored offsets
/// on shutdown.
pub struct OrderSource {
    consumer: BaseConsumer,
}

impl OrderSource {
    pub fn new(config: &ClientConfig) -> KafkaResult<Self> {
        Ok(Self {
            consumer: config.create()?,
        })
    }

    pub fn close(&self) -> KafkaResult<()> {
        self.consumer.commit_consumer_state(CommitMode::Sync)
    }
}

impl Acknowledge for OrderSource {
    fn ack(&self, m: &BorrowedMessage<'_>) -> KafkaResult<()> {
        self.consumer.store_offset_from_message(m)
    }
}

/// Its store is in `ack.rs`.
pub struct PaymentSource {
    pub(crate) consumer: BaseConsumer,
}

impl PaymentSource {
    pub fn new(config: &ClientConfig) -> KafkaResult<Self> {
        Ok(Self {
            consumer: config.create()?,
        })
    }

    pub fn close(&self) -> KafkaResult<()> {
        self.consumer.commit_consumer_state(CommitMode::Sync)
    }
}

/// Acknowledges nothing: its shutdown commit is the position.
pub struct AuditSource {
    consumer: BaseConsumer,
}

impl AuditSource {
    pub fn new(config: &ClientConfig) -> KafkaResult<Self> {
        Ok(Self {
            consumer: config.create()?,
        })
    }

    pub fn close(&self) -> KafkaResult<()> {
        self.consumer.commit_consumer_state(CommitMode::Sync) // expect: OL101
    }
}

impl Acknowledge for AuditSource {
    fn ack(&self, _m: &BorrowedMessage<'_>) -> KafkaResult<()> {
        Ok(())
    }
}
