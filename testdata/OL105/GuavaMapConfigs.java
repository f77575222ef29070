package fixtures.ol105;

import com.google.common.collect.ImmutableMap;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * OL105 fixture: a configuration written as Guava's ImmutableMap.of(k, v, ..) is as visible
 * as Map.of's: a group.id and enable.auto.commit left at kafka-clients' default true.
 */
public class GuavaMapConfigs {
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
