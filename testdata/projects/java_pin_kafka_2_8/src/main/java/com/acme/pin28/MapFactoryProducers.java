package com.acme.pin28;

import java.util.Map;

import com.google.common.collect.Maps;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * OL205 by version, kafka-clients 2.8.2 (pom.xml): a config built in Guava's
 * `Maps.newHashMap()` is read like `new HashMap<>()`, so `acks` left unset is "1". An
 * idempotent or transactional producer turns `acks` to "all" when it is unset: clean.
 */
public final class MapFactoryProducers {
    private MapFactoryProducers() {
    }

    private static Map<String, Object> base() {
        Map<String, Object> props = Maps.newHashMap();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        return props;
    }

    public static KafkaProducer<String, String> leaderOnly() {
        Map<String, Object> props = Maps.newHashMap();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer()); // expect: OL205
    }

    public static KafkaProducer<String, String> copiedLeaderOnly() {
        Map<String, Object> props = Maps.newLinkedHashMap(base());
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer()); // expect: OL205
    }

    // ---- correct twins ----

    public static KafkaProducer<String, String> allReplicas() {
        Map<String, Object> props = Maps.newHashMap();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    public static KafkaProducer<String, String> idempotent() {
        Map<String, Object> props = base();
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    public static KafkaProducer<String, String> transactional() {
        Map<String, Object> props = base();
        props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "orders-tx");
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }
}
