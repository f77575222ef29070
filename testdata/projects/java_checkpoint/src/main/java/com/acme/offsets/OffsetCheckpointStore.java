package com.acme.offsets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

import com.acme.llm.Advisor; // expect: OL401

/**
 * A checkpoint module that reaches a model client through a project class: the import is
 * reported, with the chain to dev.langchain4j.
 */
public class OffsetCheckpointStore {
    private final Path file;
    private final Advisor advisor;

    public OffsetCheckpointStore(Path file, Advisor advisor) {
        this.file = file;
        this.advisor = advisor;
    }

    public void save(Map<TopicPartition, OffsetAndMetadata> offsets) throws IOException {
        Files.writeString(file, offsets.toString());
    }

    public String explainLag() {
        return advisor.advise("why is the checkpoint behind?");
    }
}
