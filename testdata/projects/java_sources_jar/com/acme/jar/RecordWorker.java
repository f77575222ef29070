package com.acme.jar;

import java.util.Map;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/** Callers of the same-package wrapper in another file of the jar. */
public class RecordWorker {
    private final PositionCommitter<String, String> committer;

    public RecordWorker(PositionCommitter<String, String> committer) {
        this.committer = committer;
    }

    public void commitAll() {
        committer.commit(null); // expect: OL101
    }

    public void commitDone(Map<TopicPartition, OffsetAndMetadata> done) {
        committer.commit(done);
    }
}
