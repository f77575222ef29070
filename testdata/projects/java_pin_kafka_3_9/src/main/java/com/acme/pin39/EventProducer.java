package com.acme.pin39;

import java.util.Properties;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;

/** OL205 by version: kafka-clients 3.9.1 (build.gradle): acks unset is "all", so the same code is clean. */
public final class EventProducer {
    private EventProducer() {
    }

    public static KafkaProducer<String, String> create() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }
}
