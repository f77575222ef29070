pub const S: &str = "café";

// offsetlint reads this file: it names confluent_kafka / rdkafka
