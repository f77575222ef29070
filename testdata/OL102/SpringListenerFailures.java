package fixtures.ol102;

import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DataAccessException;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClientException;

import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * OL102 fixture (spring-kafka, manual acknowledgment): {@code ack.acknowledge()} commits the
 * record, so in a transient handler or a finally block it commits a failure. A poison handler
 * that routes the record to a dead-letter topic and waits for the send may acknowledge.
 */
@Component
public class SpringListenerFailures {
    private static final Logger log = LoggerFactory.getLogger(SpringListenerFailures.class);

    /** The record's effect. */
    public interface OrderStore {
        void save(String json) throws JsonProcessingException;
    }

    private final OrderStore store;
    private final KafkaTemplate<String, String> kafkaTemplate;

    public SpringListenerFailures(OrderStore store, KafkaTemplate<String, String> kafkaTemplate) {
        this.store = store;
        this.kafkaTemplate = kafkaTemplate;
    }

    @KafkaListener(topics = "orders", groupId = "orders")
    public void onOrder(ConsumerRecord<String, String> r, Acknowledgment ack) throws Exception {
        try {
            store.save(r.value());
            ack.acknowledge();
        } catch (DataAccessException e) {
            log.warn("db down", e);
            ack.acknowledge(); // expect: OL102
        } catch (JsonProcessingException e) {
            kafkaTemplate.send("orders.DLT", r.key(), r.value()).get(10, TimeUnit.SECONDS);
            ack.acknowledge();
        }
    }

    @KafkaListener(topics = "invoices", groupId = "orders")
    public void onInvoice(ConsumerRecord<String, String> r, Acknowledgment ack) throws Exception {
        try {
            store.save(r.value());
        } finally {
            ack.acknowledge(); // expect: OL102
        }
    }

    @KafkaListener(topics = "shipments", groupId = "orders")
    public void onShipment(ConsumerRecord<String, String> r, Acknowledgment ack) throws Exception {
        try {
            store.save(r.value());
            ack.acknowledge();
        } catch (RestClientException e) {
            ack.acknowledge(); // expect: OL102
            throw e;
        }
    }

    /**
     * The configuration form (a {@code DefaultErrorHandler} without a dead-letter recoverer)
     * is opt-in: with the default settings it is not reported.
     */
    @Configuration
    public static class ErrorHandling {
        @Bean
        public DefaultErrorHandler errorHandler() {
            return new DefaultErrorHandler();
        }
    }
}
