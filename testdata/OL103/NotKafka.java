package fixtures.ol103;

import java.util.concurrent.BlockingQueue;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * OL103 precision fixture: loops and listeners that are not Kafka consumption. A worker over
 * a queue of in-process jobs and a Spring application-event listener may log and go on.
 */
@Component
public class NotKafka {
    private static final Logger log = LoggerFactory.getLogger(NotKafka.class);

    private final BlockingQueue<Runnable> jobs;

    public NotKafka(BlockingQueue<Runnable> jobs) {
        this.jobs = jobs;
    }

    public void work() throws InterruptedException {
        while (!Thread.currentThread().isInterrupted()) {
            Runnable job = jobs.take();
            try {
                job.run();
            } catch (RuntimeException e) {
                log.error("job failed", e);
            }
        }
    }

    @EventListener
    public void onRefresh(String event) {
        try {
            jobs.put(() -> log.info("refresh {}", event));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
