package fixtures.ol203;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * OL203 fixture: a background task that produces to Kafka, whose handle is dropped. Its
 * failure (the send's, rethrown by get/join inside the task) is seen by nobody. Kept and
 * joined, or given an exception handler, it is observed; tasks with no Kafka effect are
 * not this rule's business.
 */
public class ExecutorTasks {
    private static final Logger log = LoggerFactory.getLogger(ExecutorTasks.class);

    /** Something to refresh, with no Kafka in it. */
    public interface Cache {
        void refresh();
    }

    private final ExecutorService executor;
    private final Producer<String, String> producer;
    private final KafkaTemplate<String, String> template;
    private final Cache cache;
    private final List<Future<RecordMetadata>> pending = new ArrayList<>();

    public ExecutorTasks(ExecutorService executor, Producer<String, String> producer,
            KafkaTemplate<String, String> template, Cache cache) {
        this.executor = executor;
        this.producer = producer;
        this.template = template;
        this.cache = cache;
    }

    public void submitted(ProducerRecord<String, String> rec) {
        executor.submit(() -> producer.send(rec).get()); // expect: OL203
    }

    public void runAsync(ProducerRecord<String, String> rec) {
        CompletableFuture.runAsync(() -> template.send(rec).join(), executor); // expect: OL203
    }

    public void executed(ProducerRecord<String, String> rec) {
        executor.execute(() -> template.send(rec).join()); // expect: OL203
    }

    public void thread(ProducerRecord<String, String> rec) {
        new Thread(() -> publish(rec)).start(); // expect: OL203
    }

    private void publish(ProducerRecord<String, String> rec) {
        template.send(rec).join();
    }

    // ---- correct twins ----

    public void kept(ProducerRecord<String, String> rec) {
        pending.add(executor.submit(() -> producer.send(rec).get()));
    }

    public RecordMetadata joined(ProducerRecord<String, String> rec) throws InterruptedException, ExecutionException {
        Future<RecordMetadata> task = executor.submit(() -> producer.send(rec).get());
        return task.get();
    }

    public void withHandler(ProducerRecord<String, String> rec) {
        CompletableFuture.runAsync(() -> template.send(rec).join(), executor).exceptionally(e -> {
            log.error("publish of {} failed", rec.key(), e);
            return null;
        });
    }

    public void noKafka() {
        executor.submit(cache::refresh);
        CompletableFuture.runAsync(cache::refresh, executor);
    }

    public List<Future<RecordMetadata>> pending() {
        return pending;
    }
}
