//! OL204: a delivery future bound first and matched when awaited confirms the delivery in its
//! `Ok` arm: the offset stored there is not over an unconfirmed produce.

use futures::StreamExt;
use log::error;
use rdkafka::consumer::{Consumer, StreamConsumer};
use rdkafka::producer::{FutureProducer, FutureRecord};
use rdkafka::util::Timeout;
use rdkafka::Message;

pub async fn run(consumer: StreamConsumer, producer: FutureProducer) {
    let mut stream = consumer.stream();
    while let Some(Ok(m)) = stream.next().await {
        let record = FutureRecord::to("out").key("k").payload(m.payload().unwrap());
        let produce_future = producer.send(record, Timeout::Never);
        match produce_future.await {
            Ok(_) => {
                consumer.store_offset_from_message(&m).unwrap();
            }
            Err((e, _)) => error!("Error producing record: {:?}", e), // expect: OL103
        }
    }
}
