package fixtures.ol204;

import java.util.concurrent.TimeUnit;

import org.springframework.kafka.annotation.KafkaHandler;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.Acknowledgment;

/**
 * OL204 fixture: a listener that forwards its record and returns. The container commits the
 * input when the listener returns (record and batch ack modes), before the broker has
 * acknowledged the output: a failed send loses the record. Waiting for the send, or
 * acknowledging only once it succeeded (manual ack), keeps it.
 */
public class SpringListenerReturn {
    private final KafkaTemplate<String, String> template;

    public SpringListenerReturn(KafkaTemplate<String, String> template) {
        this.template = template;
    }

    @KafkaListener(topics = "in", groupId = "relay")
    public void relay(String v) {
        template.send("out", v.trim()); // expect: OL201, OL204
    }

    /** A class-level listener's handler returns the same way. */
    @KafkaListener(topics = "mixed", groupId = "relay")
    public static class Handlers {
        private final KafkaTemplate<String, String> template;

        public Handlers(KafkaTemplate<String, String> template) {
            this.template = template;
        }

        @KafkaHandler
        public void on(String v) {
            template.send("out", v); // expect: OL201, OL204
        }
    }

    // ---- correct twins ----

    @KafkaListener(topics = "in-wait", groupId = "relay")
    public void relayAndWait(String v) throws Exception {
        template.send("out", v.trim()).get(10, TimeUnit.SECONDS);
    }

    @KafkaListener(topics = "in-manual", groupId = "relay")
    public void relayThenAck(String v, Acknowledgment ack) throws Exception {
        template.send("out", v.trim()).get(10, TimeUnit.SECONDS);
        ack.acknowledge();
    }
}
