package fixtures.ol104;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.springframework.kafka.annotation.KafkaListener;

/**
 * OL104 fixture: a record put on a concurrent queue is worked on by the thread that takes it
 * (a batch writer), later. A listener that only queues it returns, and the container commits
 * it, while its data is only in memory; so does a loop that commits after queueing. Through a
 * program method that queues what it is given too. Queueing something else (a metric), or
 * collecting into a plain list the same method writes, is not a hand-off.
 */
public class QueuedForWorker {
    private final BlockingQueue<String> pending = new LinkedBlockingQueue<>(1000);
    private final BatchWriter writer = new BatchWriter();
    private final Store store;

    public QueuedForWorker(Store store) {
        this.store = store;
    }

    @KafkaListener(topics = "events")
    public void onEvent(String event) {
        pending.offer(event); // expect: OL104
    }

    @KafkaListener(topics = "audit")
    public void onAudit(String event) {
        if (!writer.submit(event)) { // expect: OL104
            System.err.println("queue full, event dropped");
        }
    }

    void poll(KafkaConsumer<String, String> consumer) throws InterruptedException {
        while (true) {
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
                pending.put(r.value()); // expect: OL104
            }
            consumer.commitSync(); // expect: OL101
        }
    }

    // ---- correct twins ----

    @KafkaListener(topics = "metrics")
    public void onMetric(String event) {
        store.save(event);
        writer.count("metrics");
    }

    @KafkaListener(topics = "batch")
    public void onBatch(List<String> events) {
        List<String> rows = new ArrayList<>();
        for (String e : events) {
            rows.add(e);
        }
        store.saveAll(rows);
    }

    /** Drained by a thread of its own. */
    static class BatchWriter {
        private final BlockingQueue<String> events = new LinkedBlockingQueue<>(1000);
        private final BlockingQueue<String> counters = new LinkedBlockingQueue<>();

        boolean submit(String event) {
            return events.offer(event);
        }

        void count(String name) {
            counters.offer("count");
        }
    }

    interface Store {
        void save(String v);

        void saveAll(List<String> vs);
    }
}
