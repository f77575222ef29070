// expect-file: OL001
//! A consumer loop with an unbalanced brace: the file cannot be parsed.

use rdkafka::consumer::{CommitMode, Consumer, StreamConsumer};

pub async fn run(consumer: &StreamConsumer) {
    loop {
        match consumer.recv().await {
            Ok(m) => {
                consumer.commit_message(&m, CommitMode::Async).unwrap();
            Err(e) => eprintln!("{e}"),
        }
    }
}
