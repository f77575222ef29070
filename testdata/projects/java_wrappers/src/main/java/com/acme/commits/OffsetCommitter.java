package com.acme.commits;

import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Wrappers over the consumer's commits. Java overloads stand for default parameters: the
 * map-taking method commits the position when handed null, so it is judged at its callers;
 * the no-argument overload delegates with null, so it always commits the position and, like
 * any wrapper that does, is flagged once, at its own inner call (its callers are not).
 * `commitPositions` builds its own map from what it is given and commits the position only
 * when handed null: judged at its callers too.
 */
public class OffsetCommitter {
    private final Consumer<String, String> consumer;

    public OffsetCommitter(Consumer<String, String> consumer) {
        this.consumer = consumer;
    }

    public void commit() {
        commit(null); // expect: OL101
    }

    public void commit(Map<TopicPartition, OffsetAndMetadata> offsets) {
        if (offsets == null) {
            consumer.commitSync();
        } else {
            consumer.commitSync(offsets);
        }
    }

    public void commitPositions(boolean async, Map<String, Long> positions) {
        if (positions == null) {
            if (async) {
                consumer.commitAsync();
            } else {
                consumer.commitSync();
            }
        } else {
            Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
            for (Map.Entry<String, Long> e : positions.entrySet()) {
                offsets.put(new TopicPartition(e.getKey(), 0), new OffsetAndMetadata(e.getValue()));
            }
            consumer.commitSync(offsets);
        }
    }

    public void commitEverything() {
        consumer.commitSync(); // expect: OL101
    }
}
