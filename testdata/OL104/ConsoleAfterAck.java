package fixtures.ol104;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.Acknowledgment;

/**
 * OL104 fixture: a line printed to the console after the acknowledgment is a log line, not
 * the message's effect (All_Projects' `ConsumerListenerService`); a write of the message to
 * a store after it is.
 */
public class ConsoleAfterAck {
    interface Store {
        void save(String value);
    }

    private final Store store;

    public ConsoleAfterAck(Store store) {
        this.store = store;
    }

    @KafkaListener(topics = "orders", groupId = "orders")
    public void listen(String message, Acknowledgment ack) {
        if (message.contains("fail")) {
            throw new IllegalStateException("forced");
        }
        store.save(message);
        ack.acknowledge();
        System.out.println("Offset committed for: " + message);
    }

    @KafkaListener(topics = "audit", groupId = "audit")
    public void early(String message, Acknowledgment ack) {
        ack.acknowledge(); // expect: OL104
        store.save(message);
        System.err.println("stored " + message);
    }
}
