package fixtures.ol103;

import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.stereotype.Component;

/**
 * OL103 fixture (spring-kafka): a `return;` in a listener's handler ends only this record's
 * call, and the container goes on with the next one (whose `acknowledge()` covers every
 * earlier record of the partition, or whose return the container commits): a handler that
 * logs and returns skips the failed record. `nack(..)` before returning seeks it back; a
 * rethrow leaves the failure to the error handler.
 */
@Component
public class SpringListenerReturn {
    private static final Logger log = LoggerFactory.getLogger(SpringListenerReturn.class);

    /** A remote call. */
    public interface Notifications {
        void create(String event);
    }

    private final Notifications notifications;

    public SpringListenerReturn(Notifications notifications) {
        this.notifications = notifications;
    }

    @KafkaListener(topics = "notifications", groupId = "notify")
    public void onEvent(String event, Acknowledgment ack) {
        try {
            notifications.create(event);
        } catch (Exception e) { // expect: OL103
            log.error("notification failed", e);
            return;
        }
        ack.acknowledge();
    }

    @KafkaListener(topics = "emails", groupId = "notify")
    public void onEmail(String event) {
        try {
            notifications.create(event);
        } catch (Exception e) { // expect: OL103
            log.error("email failed", e);
            return;
        }
        log.info("sent");
    }

    // ---- correct twins ----

    @KafkaListener(topics = "notifications-retried", groupId = "notify")
    public void onEventNacked(String event, Acknowledgment ack) {
        try {
            notifications.create(event);
        } catch (Exception e) {
            log.error("notification failed, retrying", e);
            ack.nack(Duration.ofSeconds(1));
            return;
        }
        ack.acknowledge();
    }

    @KafkaListener(topics = "emails-retried", groupId = "notify")
    public void onEmailRethrown(String event) {
        try {
            notifications.create(event);
        } catch (RuntimeException e) {
            log.error("email failed", e);
            throw e;
        }
    }
}
