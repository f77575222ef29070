package fixtures.ol103;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;

/**
 * OL103 fixture (spring-kafka): the listener holds its service by the service's interface,
 * which one class of the program implements (Spring's `FooService` and `FooServiceImpl`).
 * The call runs that class's method: when its handler swallows the failure, the listener
 * returns normally and the container commits the failed record. A method that rethrows is
 * clean.
 */
@Component
public class ServiceInterfaceSwallow {
    private static final Logger log = LoggerFactory.getLogger(ServiceInterfaceSwallow.class);

    /** Where an order is booked; no implementation here. */
    public interface Ledger {
        void book(String order);
    }

    /** The service the listener is given, by its interface. */
    public interface OrderService {
        void place(String order);

        void placeStrict(String order);
    }

    /** Its one implementation. */
    @Service
    public static class OrderServiceImpl implements OrderService {
        private final Ledger ledger;

        public OrderServiceImpl(Ledger ledger) {
            this.ledger = ledger;
        }

        @Override
        public void place(String order) {
            try {
                ledger.book(order);
            } catch (Exception e) { // expect: OL103
                log.error("booking failed", e);
            }
        }

        // ---- correct twin ----

        @Override
        public void placeStrict(String order) {
            try {
                ledger.book(order);
            } catch (RuntimeException e) {
                log.error("booking failed", e);
                throw e;
            }
        }
    }

    private final OrderService orders;

    public ServiceInterfaceSwallow(OrderService orders) {
        this.orders = orders;
    }

    @KafkaListener(topics = "orders", groupId = "orders")
    public void onOrder(String order) {
        orders.place(order);
    }

    @KafkaListener(topics = "orders-strict", groupId = "orders")
    public void onOrderStrict(String order) {
        orders.placeStrict(order);
    }
}
