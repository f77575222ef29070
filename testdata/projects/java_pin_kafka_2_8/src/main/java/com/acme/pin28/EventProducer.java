package com.acme.pin28;

import java.util.Properties;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;

/** OL205 by version: kafka-clients 2.8.2 (pom.xml): acks unset is "1", so the unset key is flagged. */
public final class EventProducer {
    private EventProducer() {
    }

    public static KafkaProducer<String, String> create() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer()); // expect: OL205
    }
}
