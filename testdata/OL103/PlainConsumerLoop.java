package fixtures.ol103;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * OL103 fixture (kafka-clients): in a poll loop, a broad or transient handler around a
 * record's processing that logs and goes on leaves the record behind the position: the next
 * commit (here of the batch's offsets) moves past it. Reported at the catch clause. A handler
 * that rethrows, breaks out after seeking back, or catches poison only, is clean; so is one
 * around the poll itself.
 */
public class PlainConsumerLoop {
    private static final Logger log = LoggerFactory.getLogger(PlainConsumerLoop.class);

    /** The record's effect. */
    public interface Handler {
        void handle(ConsumerRecord<String, String> r) throws IOException;

        /** Counts the record; throws nothing checked. */
        void count(ConsumerRecord<String, String> r);

        /** Starts the record's work elsewhere. */
        Future<?> start(ConsumerRecord<String, String> r);
    }

    private final KafkaConsumer<String, String> consumer;
    private final Handler handler;
    private volatile boolean running = true;

    public PlainConsumerLoop(KafkaConsumer<String, String> consumer, Handler handler) {
        this.consumer = consumer;
        this.handler = handler;
    }

    public void skipOnFailure() {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            for (ConsumerRecord<String, String> r : records) {
                try {
                    handler.handle(r);
                } catch (Exception e) { // expect: OL103
                    log.error("skipping {}", r.offset(), e);
                }
            }
            consumer.commitSync(offsetsOf(records));
        }
    }

    public void skipOnIoFailure() {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            records.forEach(r -> {
                try {
                    handler.handle(r);
                } catch (IOException e) { // expect: OL103
                    log.warn("later", e);
                }
            });
            consumer.commitSync(offsetsOf(records));
        }
    }

    // ---- correct twins ----

    public void stopOnFailure() throws IOException {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            for (ConsumerRecord<String, String> r : records) {
                try {
                    handler.handle(r);
                } catch (IOException e) {
                    log.error("stopping at {}", r.offset(), e);
                    throw e;
                }
            }
            consumer.commitSync(offsetsOf(records));
        }
    }

    public void seekBack() {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
            for (ConsumerRecord<String, String> r : records) {
                TopicPartition tp = new TopicPartition(r.topic(), r.partition());
                try {
                    handler.handle(r);
                    done.put(tp, new OffsetAndMetadata(r.offset() + 1));
                } catch (Exception e) {
                    consumer.seek(tp, r.offset());
                    break;
                }
            }
            consumer.commitSync(done);
        }
    }

    public void skipPoison() {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            for (ConsumerRecord<String, String> r : records) {
                try {
                    handler.handle(r);
                } catch (JsonProcessingException e) {
                    log.warn("bad json at {}", r.offset(), e);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }
            consumer.commitSync(offsetsOf(records));
        }
    }

    public void aroundThePoll() throws IOException {
        while (true) {
            ConsumerRecords<String, String> records;
            try {
                records = consumer.poll(Duration.ofSeconds(1));
            } catch (WakeupException e) {
                break;
            }
            for (ConsumerRecord<String, String> r : records) {
                handler.handle(r);
            }
            consumer.commitSync(offsetsOf(records));
        }
        consumer.close();
    }

    /**
     * A timeout of the record's own work (a future's get) caught around the processing, the
     * loop going on: flagged.
     */
    public void skipOnWorkTimeout() throws Exception {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            for (ConsumerRecord<String, String> r : records) {
                try {
                    handler.start(r).get(5, TimeUnit.SECONDS);
                } catch (java.util.concurrent.TimeoutException e) { // expect: OL103
                    log.warn("slow record {}", r.offset(), e);
                }
            }
            consumer.commitSync(offsetsOf(records));
        }
    }

    /**
     * kafka-clients' TimeoutException around a poll and code that calls no other client method:
     * only the poll throws it, before any of its records was handed out (trogdor's round-trip
     * worker).
     */
    public void pollTimeoutAroundProcessing() {
        while (running) {
            try {
                ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
                for (ConsumerRecord<String, String> r : records) {
                    handler.count(r);
                }
            } catch (WakeupException e) {
                log.debug("woken up", e);
            } catch (TimeoutException e) {
                log.debug("poll timed out", e);
            }
        }
    }

    /** The poll loop hands each batch to a method; the batch's loop swallows a failure. */
    public void batchesHandedOn() {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            processBatch(records);
            consumer.commitSync(offsetsOf(records));
        }
    }

    void processBatch(ConsumerRecords<String, String> records) {
        for (ConsumerRecord<String, String> r : records) {
            try {
                handler.handle(r);
            } catch (IOException e) { // expect: OL103
                log.warn("skipping {}", r.offset(), e);
            }
        }
    }

    /** The batch method lets the failure out: the poll loop does not commit past it. */
    void processBatchOrFail(ConsumerRecords<String, String> records) throws IOException {
        for (ConsumerRecord<String, String> r : records) {
            try {
                handler.handle(r);
            } catch (IOException e) {
                log.warn("failed at {}", r.offset(), e);
                throw e;
            }
        }
    }

    /** kafka-clients' catch-all KafkaException: the processing may raise it too. */
    public void kafkaExceptionAroundProcessing() {
        while (running) {
            try {
                ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
                for (ConsumerRecord<String, String> r : records) {
                    handler.count(r);
                }
            } catch (KafkaException e) { // expect: OL103
                log.error("consumer failed", e);
            }
        }
    }

    static Map<TopicPartition, OffsetAndMetadata> offsetsOf(ConsumerRecords<String, String> records) {
        Map<TopicPartition, OffsetAndMetadata> out = new HashMap<>();
        for (ConsumerRecord<String, String> r : records) {
            out.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
        }
        return out;
    }
}
