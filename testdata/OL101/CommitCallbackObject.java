package fixtures.ol101;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OL101 fixture (kafka-clients): `commitAsync(callback)` commits every assigned position
 * whatever the callback is: a lambda, or an object of the program's own callback class (built
 * in the call, or held in a field).
 * `commitAsync(offsets, callback)` commits the offsets given.
 */
public class CommitCallbackObject {
    private static final Logger log = LoggerFactory.getLogger(CommitCallbackObject.class);

    /** Logs a failed commit. */
    static class LoggingCommitCallback implements OffsetCommitCallback {
        @Override
        public void onComplete(Map<TopicPartition, OffsetAndMetadata> offsets, Exception e) {
            if (e != null) {
                log.warn("commit failed for {}", offsets, e);
            }
        }
    }

    private final Consumer<String, String> consumer;
    private final LoggingCommitCallback callback = new LoggingCommitCallback();

    public CommitCallbackObject(Consumer<String, String> consumer) {
        this.consumer = consumer;
    }

    public void run() {
        while (true) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
            for (ConsumerRecord<String, String> r : records) {
                handle(r);
            }
            consumer.commitAsync(new LoggingCommitCallback()); // expect: OL101
        }
    }

    public void runWithField() {
        while (true) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
            for (ConsumerRecord<String, String> r : records) {
                handle(r);
            }
            consumer.commitAsync(callback); // expect: OL101
        }
    }

    // ---- correct twin ----

    public void runWithOffsets() {
        while (true) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
            Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
            for (ConsumerRecord<String, String> r : records) {
                handle(r);
                done.put(new TopicPartition(r.topic(), r.partition()),
                        new OffsetAndMetadata(r.offset() + 1));
            }
            consumer.commitAsync(done, new LoggingCommitCallback());
        }
    }

    private void handle(ConsumerRecord<String, String> r) {
        log.info("{}", r.value());
    }
}
