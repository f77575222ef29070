//! A project module that leads to the Kafka client through another one.

use crate::bus::make_producer;

pub fn producer_name() -> String {
    let _p = make_producer();
    "orders".to_string()
}
