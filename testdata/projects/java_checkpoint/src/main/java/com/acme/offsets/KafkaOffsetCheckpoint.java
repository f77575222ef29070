package com.acme.offsets;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * A checkpoint module that uses the broker client (the legitimate commit path) and JDBC (a
 * store): neither is network code for OL401.
 */
public class KafkaOffsetCheckpoint {
    private final Consumer<String, String> consumer;
    private final Connection db;

    public KafkaOffsetCheckpoint(Consumer<String, String> consumer, Connection db) {
        this.consumer = consumer;
        this.db = db;
    }

    public void save(Map<TopicPartition, OffsetAndMetadata> offsets) throws SQLException {
        try (PreparedStatement st = db.prepareStatement("insert into checkpoints values (?)")) {
            st.setString(1, offsets.toString());
            st.executeUpdate();
        }
        consumer.commitSync(offsets);
    }
}
