package com.acme.scratch;

import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

import com.acme.ledger.LedgerConsumer;

/**
 * Scratch code (under scratch/): a consumer in a production group is handed that group's
 * partitions and moves its offsets. Reported at the construction.
 */
public class ReplayPayments {
    private static Properties props(String group) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return p;
    }

    public static KafkaConsumer<String, String> billing() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "billing");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer()); // expect-gap: OL404 production group ids are not collected from Java configs and @KafkaListener yet
    }

    public static KafkaConsumer<String, String> ledger() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        p.put(ConsumerConfig.GROUP_ID_CONFIG, LedgerConsumer.LEDGER_GROUP);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer()); // expect-gap: OL404 production group ids are not collected from Java configs and @KafkaListener yet
    }

    public static KafkaConsumer<String, String> ownGroup(String user) {
        return new KafkaConsumer<>(props("billing-replay-" + user), new StringDeserializer(), new StringDeserializer());
    }
}
