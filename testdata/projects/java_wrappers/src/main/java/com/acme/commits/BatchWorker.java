package com.acme.commits;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/** The callers of OffsetCommitter, in another file of the same package. */
public class BatchWorker {
    /** The record's effect. */
    public interface Sink {
        void write(String key, String value);
    }

    private final Consumer<String, String> consumer;
    private final OffsetCommitter committer;
    private final Sink sink;

    public BatchWorker(Consumer<String, String> consumer, Sink sink) {
        this.consumer = consumer;
        this.committer = new OffsetCommitter(consumer);
        this.sink = sink;
    }

    public void bare() {
        process(consumer.poll(Duration.ofSeconds(1)));
        // The no-arg overload always commits the position: flagged at its `commit(null)`.
        committer.commit();
    }

    public void explicitNull() {
        process(consumer.poll(Duration.ofSeconds(1)));
        committer.commit(null); // expect: OL101
    }

    public void everything() {
        process(consumer.poll(Duration.ofSeconds(1)));
        committer.commitEverything();
    }

    public void processed() {
        Map<TopicPartition, OffsetAndMetadata> done = process(consumer.poll(Duration.ofSeconds(1)));
        committer.commit(done);
    }

    public void positionsNull() {
        process(consumer.poll(Duration.ofSeconds(1)));
        committer.commitPositions(false, null); // expect: OL101
    }

    public void positionsGiven(Map<String, Long> positions) {
        process(consumer.poll(Duration.ofSeconds(1)));
        committer.commitPositions(true, positions);
    }

    private Map<TopicPartition, OffsetAndMetadata> process(ConsumerRecords<String, String> records) {
        Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
        for (ConsumerRecord<String, String> r : records) {
            sink.write(r.key(), r.value());
            done.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
        }
        return done;
    }
}
