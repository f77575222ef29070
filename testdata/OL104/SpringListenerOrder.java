package fixtures.ol104;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

import org.apache.kafka.clients.consumer.CommitFailedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Component;

/**
 * OL104 fixture (spring-kafka): an acknowledgment before the effect, and the framework forms
 * where the effect leaves the listener before the container's commit on return: an
 * {@code @Async} listener (reported at the annotation), and a hand-off to an executor or
 * {@code CompletableFuture.runAsync} (reported at the hand-off). A listener that returns the
 * future of its work is acknowledged when the future completes (spring-kafka 3.2+).
 */
@Component
public class SpringListenerOrder {
    private static final Logger log = LoggerFactory.getLogger(SpringListenerOrder.class);
    /** The record's effect. */
    public interface Processor {
        void process(String value);
    }

    /** Where failures are recorded. */
    public interface Failures {
        void record(String value, Exception e);
    }

    /** Counters. */
    public interface Metrics {
        void acked();
    }

    private final Processor processor;
    private final ExecutorService pool;
    private final Failures failures;
    private final Metrics metrics;

    public SpringListenerOrder(Processor processor, ExecutorService pool, Failures failures, Metrics metrics) {
        this.processor = processor;
        this.pool = pool;
        this.failures = failures;
        this.metrics = metrics;
    }

    @KafkaListener(topics = "in", groupId = "indexer")
    public void ackFirst(String v, Acknowledgment ack) {
        ack.acknowledge(); // expect: OL104
        processor.process(v);
    }

    /** The handler runs after the acknowledgment when what follows it in the try throws. */
    @KafkaListener(topics = "in-metrics", groupId = "indexer")
    public void ackThenMore(String v, Acknowledgment ack) {
        try {
            ack.acknowledge(); // expect: OL104
            metrics.acked();
        } catch (RuntimeException e) {
            processor.process(v);
        }
    }

    @Async // expect-gap: OL104 @Async listeners are not built yet
    @KafkaListener(topics = "in-async", groupId = "indexer")
    public void asyncListener(String v) {
        processor.process(v);
    }

    @KafkaListener(topics = "in-pool", groupId = "indexer")
    public void handOff(String v) {
        pool.submit(() -> processor.process(v)); // expect: OL104
    }

    @KafkaListener(topics = "in-async-future", groupId = "indexer")
    public void runAsync(String v) {
        CompletableFuture.runAsync(() -> processor.process(v), pool); // expect: OL104
    }

    // ---- correct twins ----

    @KafkaListener(topics = "in-ack", groupId = "indexer")
    public void ackAfter(String v, Acknowledgment ack) {
        processor.process(v);
        ack.acknowledge();
    }

    /**
     * The acknowledgment ends the try: its handler runs only when the processing or the
     * commit itself failed, never after a commit.
     */
    @KafkaListener(topics = "in-commit-failed", groupId = "indexer")
    public void commitFailureRecorded(String v, Acknowledgment ack) {
        try {
            processor.process(v);
            ack.acknowledge();
        } catch (CommitFailedException e) {
            failures.record(v, e);
        }
    }

    /** A log line after the acknowledgment changes nothing: it does not throw what is caught. */
    @KafkaListener(topics = "in-validated", groupId = "indexer")
    public void invalidRecorded(String v, Acknowledgment ack) {
        try {
            if (v.isBlank()) {
                throw new IllegalArgumentException("blank");
            }
            processor.process(v);
            ack.acknowledge();
            log.info("processed {}", v);
        } catch (IllegalArgumentException e) {
            failures.record(v, e);
        }
    }

    @KafkaListener(topics = "in-returned", groupId = "indexer")
    public CompletableFuture<Void> returnsItsWork(String v) {
        return CompletableFuture.runAsync(() -> processor.process(v), pool);
    }

    /** {@code @Async} on a method that is not a listener. */
    @Async
    public void refreshCaches() {
        processor.process("refresh");
    }
}
