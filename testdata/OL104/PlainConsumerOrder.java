package fixtures.ol104;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * OL104 fixture (kafka-clients): a commit that comes before the record's effect in the same
 * iteration, or after the record only went into an in-memory buffer, covers work that is not
 * done yet. Reported at the commit.
 */
public class PlainConsumerOrder {
    /** Where records end up. */
    public interface Index {
        void put(String key, String value);

        void putAll(List<ConsumerRecord<String, String>> batch);
    }

    private final KafkaConsumer<String, String> consumer;
    private final Index index;
    private final ExecutorService workers;
    private volatile boolean running = true;

    public PlainConsumerOrder(KafkaConsumer<String, String> consumer, Index index, ExecutorService workers) {
        this.consumer = consumer;
        this.index = index;
        this.workers = workers;
    }

    private static Map<TopicPartition, OffsetAndMetadata> next(ConsumerRecord<String, String> r) {
        return Map.of(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
    }

    public void commitFirst() {
        while (running) {
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
                consumer.commitSync(next(r)); // expect-gap: OL104 index.put(..) on a field is taken for in-memory bookkeeping, not the record's effect
                index.put(r.key(), r.value());
            }
        }
    }

    public void commitBufferedOnly() {
        List<ConsumerRecord<String, String>> buffer = new ArrayList<>();
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            for (ConsumerRecord<String, String> r : records) {
                buffer.add(r);
            }
            consumer.commitSync(offsetsOf(buffer)); // expect: OL104
            if (buffer.size() >= 500) {
                index.putAll(buffer);
                buffer.clear();
            }
        }
    }

    /** Each record is handed to a worker thread; the commit does not wait for the work. */
    public void commitHandedOff() {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            for (ConsumerRecord<String, String> r : records) {
                workers.submit(() -> index.put(r.key(), r.value())); // expect: OL104
            }
            consumer.commitSync(offsetsOf(records));
        }
    }

    /**
     * A poll method its caller runs repeatedly: the records' data is only in the returned list
     * when the commit is made; the caller's effect comes afterwards.
     */
    public List<String> pollValues() {
        List<String> values = new ArrayList<>();
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
            values.add(r.value());
        }
        consumer.commitSync(); // expect: OL101, OL104
        return values;
    }

    // ---- correct twins ----

    /** The data is written out before the commit; returning it afterwards is only a report. */
    public List<ConsumerRecord<String, String>> pollWriteThenCommit() {
        List<ConsumerRecord<String, String>> batch = new ArrayList<>();
        ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
        for (ConsumerRecord<String, String> r : records) {
            batch.add(r);
        }
        index.putAll(batch);
        consumer.commitSync(offsetsOf(batch));
        return batch;
    }

    /** The caller gets the records and commits them itself. */
    public List<ConsumerRecord<String, String>> pollOnly() {
        List<ConsumerRecord<String, String>> batch = new ArrayList<>();
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
            batch.add(r);
        }
        return batch;
    }

    public void handedOffAndAwaited() throws Exception {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            List<Future<?>> pending = new ArrayList<>();
            for (ConsumerRecord<String, String> r : records) {
                pending.add(workers.submit(() -> index.put(r.key(), r.value())));
            }
            for (Future<?> f : pending) {
                f.get();
            }
            consumer.commitSync(offsetsOf(records));
        }
    }

    public void effectFirst() {
        while (running) {
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
                index.put(r.key(), r.value());
                consumer.commitSync(next(r));
            }
        }
    }

    public void bufferWrittenFirst() {
        List<ConsumerRecord<String, String>> buffer = new ArrayList<>();
        while (running) {
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
                buffer.add(r);
            }
            if (buffer.size() >= 500) {
                index.putAll(buffer);
                consumer.commitSync(offsetsOf(buffer));
                buffer.clear();
            }
        }
    }

    static Map<TopicPartition, OffsetAndMetadata> offsetsOf(Iterable<ConsumerRecord<String, String>> batch) {
        Map<TopicPartition, OffsetAndMetadata> out = new HashMap<>();
        for (ConsumerRecord<String, String> r : batch) {
            out.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
        }
        return out;
    }
}
