package fixtures.ol105;

import java.util.Map;

import com.google.common.collect.ImmutableMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;

/**
 * OL105 fixture: configurations built with Guava's `ImmutableMap.builder()` (open-kilda's
 * consumer factories): each `put(k, v)` is a setting, as in `Map.of(..)`. A project
 * constant used as a key (`Utils.COMPONENT_NAME_PROPERTY`) names none of the client's
 * settings.
 */
public class ImmutableMapBuilderConfig {
    static final class Utils {
        static final String COMPONENT_NAME_PROPERTY = "kilda.component.name";
    }

    public Map<String, Object> consumerConfigs() {
        return ImmutableMap.<String, Object>builder()
                .put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092")
                .put(ConsumerConfig.GROUP_ID_CONFIG, "billing")
                .put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, true)
                .put(Utils.COMPONENT_NAME_PROPERTY, "grpc")
                .build();
    }

    /** Spring keeps an explicit `true`: the timer commits. */
    public ConsumerFactory<String, String> consumerFactory() {
        return new DefaultKafkaConsumerFactory<>(consumerConfigs(), // expect: OL105
                new StringDeserializer(), new StringDeserializer());
    }

    public KafkaConsumer<String, String> defaultOn() {
        Map<String, Object> props = ImmutableMap.<String, Object>builder()
                .put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092")
                .put(ConsumerConfig.GROUP_ID_CONFIG, "billing")
                .build();
        return new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer()); // expect: OL105
    }

    public KafkaConsumer<String, String> off() {
        Map<String, Object> props = ImmutableMap.<String, Object>builder()
                .put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092")
                .put(ConsumerConfig.GROUP_ID_CONFIG, "billing")
                .put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false)
                .build();
        return new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer());
    }

    /** Spring's containers force auto-commit off when the key is unset. */
    public ConsumerFactory<String, String> springDefault() {
        return new DefaultKafkaConsumerFactory<>(ImmutableMap.<String, Object>builder()
                .put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092")
                .put(ConsumerConfig.GROUP_ID_CONFIG, "billing")
                .build());
    }
}
