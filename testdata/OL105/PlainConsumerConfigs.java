package fixtures.ol105;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * OL105 fixture (kafka-clients): enable.auto.commit defaults to true, so a consumer whose
 * visible, complete configuration has a group.id and no enable.auto.commit=false commits on a
 * timer, processed or not. Reported at the constructor call. Without a group.id the client
 * forces it off; a configuration that is not visible whole is not judged.
 */
public class PlainConsumerConfigs {
    public KafkaConsumer<String, String> defaults() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "billing");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        return new KafkaConsumer<>(p); // expect: OL105
    }

    public KafkaConsumer<String, String> literalKeys() {
        Properties p = new Properties();
        p.setProperty("bootstrap.servers", "kafka:9092");
        p.setProperty("group.id", "ledger");
        p.setProperty("enable.auto.commit", "true");
        return new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer()); // expect: OL105
    }

    public KafkaConsumer<String, String> immutableMap() {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092",
                ConsumerConfig.GROUP_ID_CONFIG, "audit");
        return new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer()); // expect: OL105
    }

    // ---- correct twins ----

    public KafkaConsumer<String, String> autoCommitOff() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "billing");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        return new KafkaConsumer<>(p);
    }

    public KafkaConsumer<String, String> autoCommitOffSpelledOut() {
        Map<String, Object> config = new HashMap<>();
        config.put("bootstrap.servers", "kafka:9092");
        config.put("group.id", "ledger");
        config.put("enable.auto.commit", "false");
        KafkaConsumer<String, String> c = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer());
        Map<String, Object> boxed = new HashMap<>(config);
        boxed.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, Boolean.FALSE);
        c.close();
        return new KafkaConsumer<>(boxed, new StringDeserializer(), new StringDeserializer());
    }

    /** No group.id: the client forces auto-commit off (and throws if it was set true). */
    public KafkaConsumer<String, String> assignedOnly(List<TopicPartition> partitions) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        KafkaConsumer<String, String> c = new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer());
        c.assign(partitions);
        return c;
    }

    /** The configuration is a parameter: not visible whole. */
    public KafkaConsumer<String, String> fromCaller(Properties props) {
        return new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer());
    }

    /** Merged with an external configuration: not visible whole. */
    public KafkaConsumer<String, String> merged(Map<String, Object> external) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "billing");
        config.putAll(external);
        return new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer());
    }
}
