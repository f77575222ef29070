package fixtures.ol204;

import java.util.concurrent.TimeUnit;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * OL204 fixture (spring-kafka): a listener whose branches each send their own result and
 * return. The container commits the input when the listener returns, whichever branch ran:
 * every unconfirmed send is a finding of its own, where its fix goes. The correct twin
 * waits for the send on each branch.
 */
@Component
public class SpringListenerBranchSends {
    private final KafkaTemplate<String, String> template;

    public SpringListenerBranchSends(KafkaTemplate<String, String> template) {
        this.template = template;
    }

    @KafkaListener(topics = "payments", groupId = "payments")
    public void settle(String orderId) {
        if (orderId.hashCode() % 2 == 0) {
            template.send("payment-completed", orderId, "completed"); // expect: OL201, OL204
        } else {
            template.send("payment-failed", orderId, "failed"); // expect: OL201, OL204
        }
    }

    // ---- correct twin ----

    @KafkaListener(topics = "payments-confirmed", groupId = "payments")
    public void settleConfirmed(String orderId) throws Exception {
        if (orderId.hashCode() % 2 == 0) {
            template.send("payment-completed", orderId, "completed").get(10, TimeUnit.SECONDS);
        } else {
            template.send("payment-failed", orderId, "failed").get(10, TimeUnit.SECONDS);
        }
    }
}
