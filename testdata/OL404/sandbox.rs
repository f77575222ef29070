//! OL404, one file: a scratch module (by its name) alone in its program, so no production
//! consumer shares its group. See `testdata/projects/rs_scratch` for the flagged cases.
use rdkafka::config::ClientConfig;
use rdkafka::consumer::BaseConsumer;
use rdkafka::error::KafkaResult;

pub fn peek() -> KafkaResult<BaseConsumer> {
    ClientConfig::new()
        .set("group.id", "ledger")
        .set("enable.auto.commit", "false")
        .create()
}
