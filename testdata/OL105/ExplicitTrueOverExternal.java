package fixtures.ol105;

import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * OL105 fixture (kafka-clients): a config that copies entries it cannot show (a caller's
 * {@code Properties}) and then sets {@code enable.auto.commit} to {@code true} commits
 * automatically whatever those entries hold: kafka-clients refuses an explicit {@code true}
 * without a group id, so the hidden entries hold one. Without the explicit {@code true}, or
 * with the hidden entries copied after it, the config is not visible whole: not judged.
 */
public class ExplicitTrueOverExternal {
    KafkaConsumer<String, String> explicitTrueLast(Properties external) {
        Properties props = new Properties();
        props.putAll(external);
        props.setProperty(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "true");
        props.setProperty(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG, "1000");
        return new KafkaConsumer<>(props); // expect: OL105
    }

    // ---- correct twins ----

    KafkaConsumer<String, String> externalOnly(Properties external) {
        Properties props = new Properties();
        props.putAll(external);
        props.setProperty(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG, "1000");
        return new KafkaConsumer<>(props);
    }

    KafkaConsumer<String, String> externalAfterTrue(Properties external) {
        Properties props = new Properties();
        props.setProperty(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "true");
        props.putAll(external);
        return new KafkaConsumer<>(props);
    }

    KafkaConsumer<String, String> explicitFalseLast(Properties external) {
        Properties props = new Properties();
        props.putAll(external);
        props.setProperty(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        return new KafkaConsumer<>(props);
    }
}
