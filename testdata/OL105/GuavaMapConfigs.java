package fixtures.ol105;

import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * OL105 fixture: a configuration written as Guava's ImmutableMap.of(k, v, ..) is as visible as
 * Map.of's. (ImmutableMap is declared here with Guava's signature so that the fixture compiles
 * against the Kafka jars alone.)
 */
public class GuavaMapConfigs {
    /** Guava's com.google.common.collect.ImmutableMap.of, for the compiler. */
    static final class ImmutableMap {
        static <K, V> Map<K, V> of(K k1, V v1, K k2, V v2, K k3, V v3) {
            Map<K, V> m = new HashMap<>();
            m.put(k1, v1);
            m.put(k2, v2);
            m.put(k3, v3);
            return m;
        }
    }

    public KafkaConsumer<String, String> defaults() {
        return new KafkaConsumer<>(ImmutableMap.of( // expect: OL105
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092",
                ConsumerConfig.GROUP_ID_CONFIG, "test-group-id",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
                new StringDeserializer(), new StringDeserializer());
    }

    public KafkaConsumer<String, String> off() {
        return new KafkaConsumer<>(ImmutableMap.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092",
                ConsumerConfig.GROUP_ID_CONFIG, "test-group-id",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                new StringDeserializer(), new StringDeserializer());
    }
}
