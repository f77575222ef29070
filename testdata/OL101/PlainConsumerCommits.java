package fixtures.ol101;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OL101 fixture (kafka-clients): commits of the consumer's position (every assigned
 * partition's next fetch offset) are flagged; commits of offsets built from processed records
 * are not. The consumer is injected, so its configuration is not visible (no OL105).
 */
public class PlainConsumerCommits {
    private static final Logger log = LoggerFactory.getLogger(PlainConsumerCommits.class);

    /** Where records end up. */
    public interface Ledger {
        void insertAll(List<ConsumerRecord<String, String>> batch);

        void apply(String key, String value);
    }

    private final KafkaConsumer<String, String> consumer;
    private final Ledger ledger;
    private volatile boolean running = true;

    public PlainConsumerCommits(KafkaConsumer<String, String> consumer, Ledger ledger) {
        this.consumer = consumer;
        this.ledger = ledger;
    }

    /** The KafkaConsumer javadoc's "Manual Offset Control" example, as written there. */
    public void javadocBatch() {
        final int minBatchSize = 200;
        List<ConsumerRecord<String, String>> buffer = new ArrayList<>();
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
            for (ConsumerRecord<String, String> record : records) {
                buffer.add(record);
            }
            if (buffer.size() >= minBatchSize) {
                ledger.insertAll(buffer);
                consumer.commitSync(); // expect: OL101
                buffer.clear();
            }
        }
    }

    /** Per record, with a timeout: still the position of every assigned partition. */
    public void perRecordWithTimeout() {
        while (running) {
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
                ledger.apply(r.key(), r.value());
                consumer.commitSync(Duration.ofSeconds(5)); // expect: OL101
            }
        }
    }

    /** The asynchronous forms, with and without a callback. */
    public void asyncForms() {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            records.forEach(r -> ledger.apply(r.key(), r.value()));
            consumer.commitAsync(); // expect: OL101
            consumer.commitAsync((offsets, e) -> { // expect: OL101
                if (e != null) {
                    log.warn("commit of {} failed", offsets, e);
                }
            });
        }
    }

    /** A map built from the positions of the assignment is the position, spelled out. */
    public void positionsOfAssignment() {
        Map<TopicPartition, OffsetAndMetadata> positions = new HashMap<>();
        for (TopicPartition tp : consumer.assignment()) {
            positions.put(tp, new OffsetAndMetadata(consumer.position(tp)));
        }
        consumer.commitSync(positions); // expect-gap: OL101 a map filled from consumer.position(tp) over the assignment is not followed yet
    }

    /** Through the interface type, as a method parameter. */
    public static void drain(Consumer<String, String> source, Ledger sink) {
        for (ConsumerRecord<String, String> r : source.poll(Duration.ofMillis(500))) {
            sink.apply(r.key(), r.value());
        }
        source.commitSync(); // expect: OL101
    }

    /** The rebalance variant commits past records still waiting in a buffer. */
    public final class CommitOnRevoke implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            consumer.commitSync(); // expect: OL101
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            log.info("assigned {}", partitions);
        }
    }

    // ---- correct twins: offsets built from the records that were processed ----

    public void processedOffsets() {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
            for (ConsumerRecord<String, String> r : records) {
                ledger.apply(r.key(), r.value());
                done.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
            }
            consumer.commitSync(done);
            consumer.commitSync(done, Duration.ofSeconds(5));
            consumer.commitAsync(done, (offsets, e) -> {
                if (e != null) {
                    log.warn("commit of {} failed", offsets, e);
                }
            });
        }
    }

    /** The javadoc's second example: per partition, the offset after its last record. */
    public void perPartition() {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(Long.MAX_VALUE));
            for (TopicPartition partition : records.partitions()) {
                List<ConsumerRecord<String, String>> partitionRecords = records.records(partition);
                for (ConsumerRecord<String, String> record : partitionRecords) {
                    ledger.apply(record.key(), record.value());
                }
                long lastOffset = partitionRecords.get(partitionRecords.size() - 1).offset();
                consumer.commitSync(Collections.singletonMap(partition, new OffsetAndMetadata(lastOffset + 1)));
            }
        }
    }

    /** The buffered batch, committed by what was inserted. */
    public void bufferedBatch() {
        List<ConsumerRecord<String, String>> buffer = new ArrayList<>();
        while (running) {
            for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
                buffer.add(record);
            }
            if (buffer.size() >= 200) {
                ledger.insertAll(buffer);
                consumer.commitSync(offsetsOf(buffer));
                buffer.clear();
            }
        }
    }

    static Map<TopicPartition, OffsetAndMetadata> offsetsOf(List<ConsumerRecord<String, String>> batch) {
        Map<TopicPartition, OffsetAndMetadata> out = new HashMap<>();
        for (ConsumerRecord<String, String> r : batch) {
            out.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
        }
        return out;
    }

    public void stop() {
        running = false;
        consumer.wakeup();
    }
}
