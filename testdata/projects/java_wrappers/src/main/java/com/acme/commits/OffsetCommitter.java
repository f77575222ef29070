package com.acme.commits;

import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Wrappers over the consumer's commits. Java overloads stand for default parameters: the
 * map-taking method commits the position when handed null, so it is judged at its callers;
 * the no-argument overload delegates with null, so its callers are the bare ones. A wrapper
 * that always commits the position is flagged once, at its own inner call.
 */
public class OffsetCommitter {
    private final Consumer<String, String> consumer;

    public OffsetCommitter(Consumer<String, String> consumer) {
        this.consumer = consumer;
    }

    public void commit() {
        commit(null);
    }

    public void commit(Map<TopicPartition, OffsetAndMetadata> offsets) {
        if (offsets == null) {
            consumer.commitSync();
        } else {
            consumer.commitSync(offsets);
        }
    }

    public void commitEverything() {
        consumer.commitSync(); // expect: OL101
    }
}
