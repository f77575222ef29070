package fixtures.ol105;

import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * OL105 fixture: the config comes from a static helper of the same class, called bare from a
 * static method. Its group.id without enable.auto.commit=false leaves kafka-clients' default
 * auto-commit on; the twin's helper turns it off.
 */
public final class StaticHelperConfig {
    private StaticHelperConfig() {
    }

    public static void main(String[] args) {
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerProps())) { // expect: OL105
            consumer.listTopics();
        }
        try (KafkaConsumer<String, String> manual = new KafkaConsumer<>(manualProps())) {
            manual.listTopics();
        }
    }

    static Properties consumerProps() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "reports");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        return p;
    }

    // ---- correct twin ----

    static Properties manualProps() {
        Properties p = consumerProps();
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return p;
    }
}
