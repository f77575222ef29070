package fixtures.ol105;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Properties;

import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * OL105 fixture: a consumer config held in a field, filled by the constructor with
 * setProperty and read by another method that builds the consumer. The field's keys are the
 * constructor's; a method that changes the field elsewhere (putAll, a load from a file) makes
 * them unknown. AdminClientConfig's constants are the common client keys.
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

    /** Secured with AdminClientConfig's key (security.protocol): auto-commit still on. */
    static class SecuredMonitor {
        private Properties properties;

        SecuredMonitor(String group) {
            properties = new Properties();
            properties.put(ConsumerConfig.GROUP_ID_CONFIG, group);
            properties.put(AdminClientConfig.SECURITY_PROTOCOL_CONFIG, "SASL_SSL");
        }

        void start() {
            KafkaConsumer<String, String> consumer = new KafkaConsumer<>(properties); // expect: OL105
            consumer.poll(Duration.ofSeconds(1));
        }
    }

    /** A builder whose setter loads the field from a file: any key may be there. */
    static class LoadedBuilder {
        private Properties properties;

        LoadedBuilder() {
            properties = new Properties();
            properties.put(ConsumerConfig.GROUP_ID_CONFIG, "audit");
        }

        LoadedBuilder fromFile(String path) {
            try (InputStream in = new FileInputStream(path)) {
                properties.load(in);
            } catch (IOException e) {
                System.err.println("no settings file: " + e);
            }
            return this;
        }

        Properties build() {
            return properties;
        }

        static KafkaConsumer<String, String> consumer(String path) {
            Properties props = new LoadedBuilder().fromFile(path).build();
            return new KafkaConsumer<>(props);
        }
    }

    /** The same with the field set where it is declared. */
    static class DeclaredLoaded {
        private final Properties properties = new Properties();

        void load(String path) throws IOException {
            try (InputStream in = new FileInputStream(path)) {
                properties.load(in);
            }
        }

        KafkaConsumer<String, String> start(String path) throws IOException {
            load(path);
            properties.put(ConsumerConfig.GROUP_ID_CONFIG, "audit");
            return new KafkaConsumer<>(properties);
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
