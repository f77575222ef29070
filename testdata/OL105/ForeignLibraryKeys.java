package fixtures.ol105;

import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.kafka.support.serializer.JsonDeserializer;

/**
 * OL105 fixture (kafka-clients): settings keyed by another library's constants (a
 * deserializer's trusted packages) or by kafka-clients' SASL constants name none of the
 * consumer's commit settings, so the config stays visible whole after them. A key nothing
 * shows (a caller's string) may be any setting: the config is not judged.
 */
public class ForeignLibraryKeys {
    KafkaConsumer<String, String> withLibraryKeys() {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "orders");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "true");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, JsonDeserializer.class);
        props.put(JsonDeserializer.TRUSTED_PACKAGES, "com.acme.orders");
        props.putIfAbsent(SaslConfigs.SASL_MECHANISM, "PLAIN");
        return new KafkaConsumer<>(props); // expect: OL105
    }

    // ---- correct twins ----

    KafkaConsumer<String, String> manualWithLibraryKeys() {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "orders");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, JsonDeserializer.class);
        props.put(JsonDeserializer.TRUSTED_PACKAGES, "com.acme.orders");
        return new KafkaConsumer<>(props);
    }

    KafkaConsumer<String, String> callerKeyAfterTrue(String key, String value) {
        Properties props = new Properties();
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "orders");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "true");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(key, value);
        return new KafkaConsumer<>(props);
    }
}
