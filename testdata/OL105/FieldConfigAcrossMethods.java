package fixtures.ol105;

import java.time.Duration;
import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * OL105 fixture: a consumer config held in a field, filled by the constructor with
 * setProperty and read by another method that builds the consumer. The field's keys are the
 * constructor's; a method that changes the field elsewhere makes them unknown.
 */
public class FieldConfigAcrossMethods {
    /** Auto-commit left at kafka-clients' default (true), with a group. */
    static class DefaultMonitor {
        private final Properties properties;

        DefaultMonitor(String group) {
            properties = new Properties();
            properties.setProperty(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
            properties.setProperty(ConsumerConfig.GROUP_ID_CONFIG, group);
            properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
            properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        }

        void start() {
            KafkaConsumer<String, String> consumer = new KafkaConsumer<>(this.properties); // expect: OL105
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
                System.out.println(r.value());
            }
        }
    }

    /** Auto-commit turned off in the constructor. */
    static class ManualMonitor {
        private final Properties properties;

        ManualMonitor(String group) {
            properties = new Properties();
            properties.setProperty(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
            properties.setProperty(ConsumerConfig.GROUP_ID_CONFIG, group);
            properties.setProperty(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
            properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
            properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        }

        void start() {
            KafkaConsumer<String, String> consumer = new KafkaConsumer<>(properties);
            consumer.poll(Duration.ofSeconds(1));
        }
    }

    /** Filled from outside too (configure): what the consumer gets is not visible whole. */
    static class ConfigurableMonitor {
        private final Properties properties;

        ConfigurableMonitor(String group) {
            properties = new Properties();
            properties.setProperty(ConsumerConfig.GROUP_ID_CONFIG, group);
        }

        void configure(Properties extra) {
            this.properties.putAll(extra);
        }

        void start() {
            KafkaConsumer<String, String> consumer = new KafkaConsumer<>(this.properties);
            consumer.poll(Duration.ofSeconds(1));
        }
    }
}
