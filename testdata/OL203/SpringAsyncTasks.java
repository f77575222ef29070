package fixtures.ol203;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Service;

/**
 * OL203 fixture (Spring {@code @Async}): calling an {@code @Async} method that returns a
 * {@code CompletableFuture} starts a task; a caller that drops the result never sees its
 * failure.
 */
@Service
public class SpringAsyncTasks {
    /** The async service, a bean of its own so that Spring's proxy runs it on an executor. */
    @Service
    public static class AuditService {
        private final KafkaTemplate<String, String> template;

        public AuditService(KafkaTemplate<String, String> template) {
            this.template = template;
        }

        @Async
        public CompletableFuture<Void> publish(String event) throws Exception {
            template.send("audit", event).get(10, TimeUnit.SECONDS);
            return CompletableFuture.completedFuture(null);
        }
    }

    private final AuditService audit;

    public SpringAsyncTasks(AuditService audit) {
        this.audit = audit;
    }

    public void fireAndForget(String event) throws Exception {
        audit.publish(event); // expect-gap: OL203 a dropped future of an @Async method is not followed yet
    }

    // ---- correct twin ----

    public CompletableFuture<Void> passedOn(String event) throws Exception {
        return audit.publish(event);
    }
}
