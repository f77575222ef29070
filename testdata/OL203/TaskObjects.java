package fixtures.ol203;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OL203 fixture: a task object of the program's own `Runnable` class handed to an executor
 * runs that class's `run()`; when it produces and the returned `Future` is dropped, its
 * failure is seen by nobody. Kept and read, the future is observed; a task class with no Kafka
 * effect is not this rule's business.
 */
public class TaskObjects {
    private static final Logger log = LoggerFactory.getLogger(TaskObjects.class);

    /** Sends one record. */
    static class SendTask implements Runnable {
        private final ProducerRecord<String, String> rec;
        private final Producer<String, String> producer;

        SendTask(ProducerRecord<String, String> rec, Producer<String, String> producer) {
            this.rec = rec;
            this.producer = producer;
        }

        @Override
        public void run() {
            try {
                producer.send(rec).get();
            } catch (InterruptedException | ExecutionException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Logs; no Kafka in it. */
    static class Tick implements Runnable {
        @Override
        public void run() {
            log.info("tick");
        }
    }

    private final ExecutorService executor;
    private final Producer<String, String> producer;

    public TaskObjects(ExecutorService executor, Producer<String, String> producer) {
        this.executor = executor;
        this.producer = producer;
    }

    public void publish(ProducerRecord<String, String> rec) {
        executor.submit(new SendTask(rec, producer)); // expect: OL203
    }

    public void publishBound(ProducerRecord<String, String> rec) {
        Runnable task = new SendTask(rec, producer);
        executor.execute(task); // expect: OL203
    }

    // ---- correct twins ----

    public void publishWaited(ProducerRecord<String, String> rec)
            throws InterruptedException, ExecutionException {
        Future<?> f = executor.submit(new SendTask(rec, producer));
        f.get();
    }

    public void tick() {
        executor.submit(new Tick());
    }
}
