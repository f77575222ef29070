package fixtures.ol205;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.ProducerFactory;

/**
 * OL205 fixture: a visible producer configuration with acks 0 or 1 (literal key or
 * ProducerConfig.ACKS_CONFIG, string or number) lets the leader's acknowledgment stand for
 * durability; on kafka-clients 3.0.1+ acks=1 also silently turns idempotence off. Reported at
 * the construction. acks=all, and acks unset (the 3.x default is all; no build file here says
 * otherwise), are clean.
 */
@Configuration
public class ProducerAcks {
    private static Properties base() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        return props;
    }

    public Producer<String, String> leaderOnly() {
        Properties props = base();
        props.put(ProducerConfig.ACKS_CONFIG, "1");
        return new KafkaProducer<>(props); // expect: OL205
    }

    public Producer<String, String> fireAndForget() {
        Properties props = base();
        props.setProperty("acks", "0");
        return new KafkaProducer<>(props); // expect: OL205
    }

    public Producer<String, String> immutableMap() {
        Map<String, Object> config = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092",
                ProducerConfig.ACKS_CONFIG, "1");
        return new KafkaProducer<>(config, new StringSerializer(), new StringSerializer()); // expect: OL205
    }

    @Bean
    public ProducerFactory<String, String> producerFactory() {
        Map<String, Object> config = new HashMap<>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        config.put(ProducerConfig.ACKS_CONFIG, "1");
        return new DefaultKafkaProducerFactory<>(config, new StringSerializer(), new StringSerializer()); // expect: OL205
    }

    // ---- correct twins ----

    public Producer<String, String> all() {
        Properties props = base();
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        return new KafkaProducer<>(props);
    }

    public Producer<String, String> defaults() {
        return new KafkaProducer<>(base());
    }

    public Producer<String, String> fromCaller(Properties props) {
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }
}
