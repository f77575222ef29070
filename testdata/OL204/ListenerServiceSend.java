package fixtures.ol204;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;

/**
 * OL204 fixture (spring-kafka): a listener that hands each record to a service method which
 * sends and returns without waiting: the container commits the record when the listener
 * returns, before the broker acknowledged the service's send. Reported at the send inside the
 * service, where the fix goes (the listener cannot wait on a future it never sees), not at
 * the listener's call. A service that waits, or returns the future the listener returns, is
 * clean; so is a send in a method no listener calls (OL201 alone).
 */
@Component
public class ListenerServiceSend {
    /** The service the listener calls once per record. */
    @Service
    public static class Payments {
        private final KafkaTemplate<String, String> template;

        public Payments(KafkaTemplate<String, String> template) {
            this.template = template;
        }

        public void reserve(String order) {
            template.send("payment-orders", order); // expect: OL201, OL204
        }

        public void reserveAndWait(String order) throws Exception {
            template.send("payment-orders", order).get(10, TimeUnit.SECONDS);
        }

        public CompletableFuture<SendResult<String, String>> forward(String order) {
            return template.send("payment-orders", order);
        }

        public void audit(String note) {
            template.send("audit", note); // expect: OL201
        }
    }

    private final Payments payments;

    public ListenerServiceSend(Payments payments) {
        this.payments = payments;
    }

    @KafkaListener(topics = "orders", groupId = "payment")
    public void onOrder(String order) {
        if (!order.isEmpty()) {
            payments.reserve(order);
        }
    }

    // ---- correct twins ----

    @KafkaListener(topics = "orders-wait", groupId = "payment")
    public void onOrderWait(String order) throws Exception {
        payments.reserveAndWait(order);
    }

    @KafkaListener(topics = "orders-future", groupId = "payment")
    public CompletableFuture<SendResult<String, String>> onOrderReturned(String order) {
        return payments.forward(order);
    }
}
