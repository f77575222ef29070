package com.acme.ledger;

import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** The production consumer of group "ledger-postings", named by a constant. */
public final class LedgerConsumer {
    public static final String LEDGER_GROUP = "ledger-postings";

    private LedgerConsumer() {
    }

    public static KafkaConsumer<String, String> create() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
        p.put(ConsumerConfig.GROUP_ID_CONFIG, LEDGER_GROUP);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer());
    }
}
