package fixtures.ol103;

import java.time.Duration;
import java.util.List;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaHandler;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClientException;

import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * OL103 fixture (spring-kafka): a listener that catches a transient failure and logs it
 * returns normally, and the container commits the failed record as if it were processed.
 * Reported at the catch clause. Rethrowing (the error handler retries and seeks) and
 * {@code ack.nack(..)} (re-seek, no commit) are clean.
 */
@Component
public class SpringListenerSwallow {
    private static final Logger log = LoggerFactory.getLogger(SpringListenerSwallow.class);

    /** A remote call and a parser. */
    public interface Billing {
        void charge(String order) throws JsonProcessingException;
    }

    private final Billing billing;

    public SpringListenerSwallow(Billing billing) {
        this.billing = billing;
    }

    @KafkaListener(topics = "orders", groupId = "billing")
    public void onOrder(String order) throws JsonProcessingException {
        try {
            billing.charge(order);
        } catch (RestClientException e) { // expect: OL103
            log.warn("later", e);
        }
    }

    @KafkaListener(topics = "renewals", groupId = "billing")
    public void onRenewal(ConsumerRecord<String, String> r) {
        try {
            billing.charge(r.value());
        } catch (Exception e) { // expect: OL103
            log.error("renewal {} failed", r.key(), e);
        }
    }

    /** A batch listener: the acknowledgment after the loop covers the swallowed record. */
    @KafkaListener(topics = "batches", groupId = "billing", batch = "true")
    public void onBatch(List<ConsumerRecord<String, String>> records, Acknowledgment ack) throws JsonProcessingException {
        for (ConsumerRecord<String, String> r : records) {
            try {
                billing.charge(r.value());
            } catch (RestClientException e) { // expect: OL103
                log.warn("charge {} failed", r.key(), e);
            }
        }
        ack.acknowledge();
    }

    /** Class-level listener: its handlers are listener bodies too. */
    @Component
    @KafkaListener(topics = "events", groupId = "billing")
    public static class Events {
        private final Billing billing;

        public Events(Billing billing) {
            this.billing = billing;
        }

        @KafkaHandler
        public void on(String event) throws JsonProcessingException {
            try {
                billing.charge(event);
            } catch (RuntimeException e) { // expect: OL103
                log.warn("dropped", e);
            }
        }
    }

    // ---- correct twins ----

    @KafkaListener(topics = "refunds", groupId = "billing")
    public void onRefund(String refund) throws JsonProcessingException {
        try {
            billing.charge(refund);
        } catch (RestClientException e) {
            log.warn("retrying", e);
            throw e;
        }
    }

    @KafkaListener(topics = "credits", groupId = "billing")
    public void onCredit(String credit, Acknowledgment ack) throws JsonProcessingException {
        try {
            billing.charge(credit);
            ack.acknowledge();
        } catch (RestClientException e) {
            ack.nack(Duration.ofSeconds(5));
        }
    }

    @KafkaListener(topics = "fees", groupId = "billing")
    public void onFee(String fee) {
        try {
            billing.charge(fee);
        } catch (JsonProcessingException e) {
            log.warn("poison fee skipped", e);
        }
    }
}
