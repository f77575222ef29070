package com.acme.modern;

import java.util.Properties;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The same producer config in the module built with kafka-clients 3.7.0 (its own
 * build.gradle.kts, nearer than the root catalog's 2.6.3): acks unset is "all", clean.
 */
public final class ModernClients {
    private ModernClients() {
    }

    static KafkaProducer<String, String> producer() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }
}
