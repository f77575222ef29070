package fixtures.ol103;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * OL103 fixture (spring-kafka): a listener that swallows a transient-looking failure lets the
 * container commit the record; a project exception whose name says the failure is not worth
 * retrying ({@code NonRetryable..}) is permanent for the record, as poison is, whatever class
 * it extends: catching it to skip the record is the poison path, not a finding.
 */
@Component
public class NonRetryableSkips {
    private static final Logger log = LoggerFactory.getLogger(NonRetryableSkips.class);

    /** A failure that retrying may fix. */
    public static final class RetryableNotificationException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public RetryableNotificationException(String message) {
            super(message);
        }
    }

    /** A failure that retrying cannot fix. */
    public static final class NonRetryableNotificationException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public NonRetryableNotificationException(String message) {
            super(message);
        }
    }

    /** Sends the notification. */
    public interface Mailer {
        void send(String value);
    }

    private final Mailer mailer;

    public NonRetryableSkips(Mailer mailer) {
        this.mailer = mailer;
    }

    @KafkaListener(topics = "user.created", groupId = "notifications")
    public void retryableSwallowed(String v) {
        try {
            mailer.send(v);
        } catch (RetryableNotificationException e) { // expect: OL103
            log.warn("mail failed", e);
        }
    }

    // ---- correct twin ----

    @KafkaListener(topics = "order.events", groupId = "notifications")
    public void nonRetryableSkipped(String v) {
        try {
            mailer.send(v);
        } catch (NonRetryableNotificationException e) {
            log.warn("skipped without retry: {}", e.getMessage());
        }
    }
}
