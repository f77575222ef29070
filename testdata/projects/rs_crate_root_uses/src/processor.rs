use crate::ClientConfig;
use rdkafka::consumer::StreamConsumer;

pub fn create_consumer(brokers: &str) -> StreamConsumer {
    let mut c = ClientConfig::new();
    c.set("bootstrap.servers", brokers).set("group.id", "processor");
    c.create().expect("consumer") // expect: OL105
}

pub fn create_storing_consumer(brokers: &str) -> StreamConsumer {
    let mut c = ClientConfig::new();
    c.set("bootstrap.servers", brokers)
        .set("group.id", "processor")
        .set("enable.auto.offset.store", "false");
    c.create().expect("consumer")
}

#[cfg(test)]
mod tests {
    use rdkafka::consumer::StreamConsumer;
    use rdkafka::ClientConfig;

    #[test]
    fn reads_the_output() {
        let _output: StreamConsumer = ClientConfig::new() // expect: OL105
            .set("bootstrap.servers", "localhost:9092")
            .set("group.id", "test-consumer")
            .create()
            .expect("consumer");
    }
}
