package com.acme.sales;

import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Builds the clients' configurations and hands them to the client classes of its own package,
 * which need no import to be named: their constructors' callers are found here all the same.
 */
public class SalesApplication {
    public static void main(String[] args) {
        new SalesConsumer(consumerConfigs()).run();
        new SalesProducer(producerConfigs()).run("sale");
        new AuditConsumer(auditConfigs()).run();
    }

    static Map<String, Object> auditConfigs() {
        Map<String, Object> c = consumerConfigs();
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return c;
    }

    static Map<String, Object> consumerConfigs() {
        Map<String, Object> c = new HashMap<>();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092");
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "sales");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, true);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        return c;
    }

    static Map<String, Object> producerConfigs() {
        Map<String, Object> c = new HashMap<>();
        c.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092");
        c.put(ProducerConfig.ACKS_CONFIG, "1");
        c.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        c.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        return c;
    }
}
