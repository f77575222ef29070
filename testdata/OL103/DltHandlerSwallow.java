package fixtures.ol103;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.DltHandler;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.annotation.RetryableTopic;
import org.springframework.stereotype.Component;

/**
 * OL103 fixture (spring-kafka): a {@code @DltHandler} is the listener of the dead-letter topic
 * {@code @RetryableTopic} creates: when it returns normally, the container commits the
 * dead-letter record. A helper that logs the failure to store it and goes on loses the record;
 * one that rethrows leaves it to the error handler.
 */
@Component
public class DltHandlerSwallow {
    private static final Logger log = LoggerFactory.getLogger(DltHandlerSwallow.class);

    /** Where dead letters are kept for an operator. */
    public interface DeadLetterStore {
        void save(String value);
    }

    private final DeadLetterStore store;

    public DltHandlerSwallow(DeadLetterStore store) {
        this.store = store;
    }

    @RetryableTopic(attempts = "3")
    @KafkaListener(topics = "payments", groupId = "payments")
    public void onPayment(String v) {
        if (v.isEmpty()) {
            throw new IllegalStateException("empty payment");
        }
    }

    @DltHandler
    public void onDeadLetter(String v) {
        keep(v);
    }

    private void keep(String v) {
        try {
            store.save(v);
        } catch (Exception e) { // expect: OL103
            log.error("could not keep dead letter {}", v, e);
        }
    }

    // ---- correct twin ----

    /** The same dead-letter listener, leaving a failed save to the error handler. */
    @Component
    public static class Strict {
        private final DeadLetterStore store;

        public Strict(DeadLetterStore store) {
            this.store = store;
        }

        @RetryableTopic(attempts = "3")
        @KafkaListener(topics = "refunds", groupId = "refunds")
        public void onRefund(String v) {
            if (v.isEmpty()) {
                throw new IllegalStateException("empty refund");
            }
        }

        @DltHandler
        public void onDeadLetter(String v) {
            try {
                store.save(v);
            } catch (RuntimeException e) {
                log.error("could not keep dead letter {}", v, e);
                throw e;
            }
        }
    }
}
