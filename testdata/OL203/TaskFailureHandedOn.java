package fixtures.ol203;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OL203 fixture: a task whose produce sits in a `try` whose handler hands the failure on (to
 * a future its caller holds, to an abort routine, through a value read from the exception)
 * is seen by whoever gets it, though its handle is dropped (trogdor's workers,
 * `WorkerUtils.abort(log, "..", e, doneFuture)`). A handler that only logs, or rethrows out
 * of the task, leaves the failure to the dropped handle.
 */
public class TaskFailureHandedOn {
    private static final Logger log = LoggerFactory.getLogger(TaskFailureHandedOn.class);

    private final ExecutorService executor;
    private final Producer<String, String> producer;
    private final CompletableFuture<String> done = new CompletableFuture<>();

    public TaskFailureHandedOn(ExecutorService executor, Producer<String, String> producer) {
        this.executor = executor;
        this.producer = producer;
    }

    /** Sends until told to stop; its failure goes to `done`. */
    class SendLoop implements Runnable {
        @Override
        public void run() {
            try {
                sendOne();
            } catch (Throwable e) {
                abort("SendLoop", e, done);
            }
        }

        private void sendOne() throws Exception {
            producer.send(new ProducerRecord<>("out", "v")).get();
        }
    }

    /** The same loop, whose failure is only logged. */
    class LoggedSendLoop implements Runnable {
        @Override
        public void run() {
            try {
                sendOne();
            } catch (Exception e) {
                log.error("send loop failed", e);
            }
        }

        private void sendOne() throws Exception {
            producer.send(new ProducerRecord<>("out", "v")).get();
        }
    }

    static void abort(String what, Throwable e, CompletableFuture<String> done) {
        log.warn("{} failed", what, e);
        done.completeExceptionally(e);
    }

    public void start() {
        executor.submit(new SendLoop());
        executor.submit(() -> {
            try {
                producer.send(new ProducerRecord<>("out", "v")).get();
            } catch (Exception e) {
                String why = e.getMessage();
                done.complete("failed: " + why);
            }
        });
    }

    // ---- must flag ----

    public void startLogged() {
        executor.submit(new LoggedSendLoop()); // expect: OL203
        executor.submit(() -> { // expect: OL203
            try {
                producer.send(new ProducerRecord<>("out", "v")).get();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
