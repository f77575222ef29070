package com.acme.pin27;

import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.ProducerFactory;

/**
 * OL205 by version, spring-kafka 2.7 (pom.xml): a producer factory whose configuration
 * leaves `acks` unset makes producers that wait for the leader alone. A factory given a
 * transaction id prefix makes transactional producers, which are idempotent and so wait for
 * every in-sync replica: clean.
 */
@Configuration
public class ProducerFactories {
    private Map<String, Object> configs() {
        Map<String, Object> props = new HashMap<>();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        return props;
    }

    @Bean
    public ProducerFactory<String, String> producerFactory() {
        return new DefaultKafkaProducerFactory<>(configs()); // expect: OL205
    }

    // ---- correct twin ----

    @Bean
    public ProducerFactory<String, String> transactionalProducerFactory() {
        DefaultKafkaProducerFactory<String, String> factory = new DefaultKafkaProducerFactory<>(configs());
        factory.setTransactionIdPrefix("payments-tx-");
        return factory;
    }
}
