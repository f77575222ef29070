package com.acme.billing;

import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

public class PlainAutoCommit {
    KafkaConsumer<String, String> defaults() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "billing");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        return new KafkaConsumer<>(p); // expect: OL105
    }

    KafkaConsumer<String, String> off() {
        Properties p = new Properties();
        p.setProperty("group.id", "billing");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return new KafkaConsumer<>(p);
    }

    KafkaConsumer<String, String> mapOf() {
        return new KafkaConsumer<>(Map.of("group.id", "billing", "enable.auto.commit", "false"));
    }

    KafkaConsumer<String, String> given(Properties props) {
        return new KafkaConsumer<>(props);
    }

    KafkaConsumer<String, String> noGroup() {
        Properties p = new Properties();
        p.put("bootstrap.servers", "kafka:9092");
        return new KafkaConsumer<>(p);
    }
}
