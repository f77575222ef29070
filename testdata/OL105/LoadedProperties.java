package fixtures.ol105;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * OL105 fixture (kafka-clients): {@code Properties.load(..)} reads entries from a file at run
 * time, so any key may be set there: a config loaded from a file (here or in a helper that
 * returns it) and given a group id is not visible whole, and is not judged. An explicit
 * {@code enable.auto.commit=true} set after the load is.
 */
public class LoadedProperties {
    static Properties loadConfig(String path) throws IOException {
        Properties cfg = new Properties();
        try (InputStream in = new FileInputStream(path)) {
            cfg.load(in);
        }
        return cfg;
    }

    KafkaConsumer<String, String> trueAfterLoad(String path) throws IOException {
        Properties props = new Properties();
        try (InputStream in = new FileInputStream(path)) {
            props.load(in);
        }
        props.setProperty(ConsumerConfig.GROUP_ID_CONFIG, "audit");
        props.setProperty(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "true");
        return new KafkaConsumer<>(props); // expect: OL105
    }

    // ---- correct twins ----

    KafkaConsumer<String, String> fromHelper(String path) throws IOException {
        Properties props = loadConfig(path);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "kafka-java-getting-started");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return new KafkaConsumer<>(props);
    }

    KafkaConsumer<String, String> loadedInPlace(String path) throws IOException {
        Properties props = new Properties();
        try (InputStream in = new FileInputStream(path)) {
            props.load(in);
        }
        props.setProperty(ConsumerConfig.GROUP_ID_CONFIG, "audit");
        return new KafkaConsumer<>(props);
    }
}
