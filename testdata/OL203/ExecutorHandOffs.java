package fixtures.ol203;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * OL203 fixture: the task handed to an executor is a local bound to a lambda, or a method
 * reference to a method of this class that commits; the executor is a static field made by
 * Executors. Dropped, the task's failure is seen by nobody; kept, it is observed.
 */
public class ExecutorHandOffs {
    private static final ExecutorService POOL = Executors.newFixedThreadPool(2);

    private final Producer<String, String> producer;
    private final Consumer<String, String> consumer;
    private final List<Future<?>> running = new ArrayList<>();

    public ExecutorHandOffs(Producer<String, String> producer, Consumer<String, String> consumer) {
        this.producer = producer;
        this.consumer = consumer;
    }

    public void boundTask(ProducerRecord<String, String> rec) {
        Callable<Void> task = () -> {
            producer.send(rec).get();
            return null;
        };
        POOL.submit(task); // expect: OL203
    }

    public void methodReference() {
        POOL.submit(this::drain); // expect: OL203
    }

    private void drain() {
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
            consumer.commitSync(java.util.Map.of(new TopicPartition(r.topic(), r.partition()),
                    new OffsetAndMetadata(r.offset() + 1)));
        }
    }

    // ---- correct twins ----

    public void keptTask() {
        Future<?> f = POOL.submit(this::drain);
        running.add(f);
    }

    public void noKafka() {
        POOL.submit(this::tidy);
    }

    private void tidy() {
        running.removeIf(Future::isDone);
    }
}
