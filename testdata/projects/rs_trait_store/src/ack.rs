use rdkafka::consumer::Consumer;
use rdkafka::error::KafkaResult;
use rdkafka::message::BorrowedMessage;

use crate::source::{Acknowledge, PaymentSource};

impl Acknowledge for PaymentSource {
    fn ack(&self, m: &BorrowedMessage<'_>) -> KafkaResult<()> {
        self.consumer.store_offset_from_message(m)
    }
}
