package com.acme.jar;

import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * An unpacked sources jar (no build file, its packages beside META-INF): the classes of one
 * package still see each other across files. This wrapper commits the position only when
 * handed null, so its callers (in RecordWorker.java) are judged.
 */
public class PositionCommitter<K, V> {
    private final Consumer<K, V> consumer;

    public PositionCommitter(Consumer<K, V> consumer) {
        this.consumer = consumer;
    }

    public void commit(Map<TopicPartition, OffsetAndMetadata> offsets) {
        if (offsets == null) {
            consumer.commitSync();
        } else {
            consumer.commitSync(offsets);
        }
    }
}
