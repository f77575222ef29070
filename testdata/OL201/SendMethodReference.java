package fixtures.ol201;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;

/**
 * OL201 fixture: `forEach(template::send)` is `r -> template.send(r)` handed to a `void`
 * callback: every send's future is dropped. A reference to a method that waits, or a
 * `map(template::send)` whose futures are joined, observes each delivery.
 */
public class SendMethodReference {
    private final KafkaTemplate<String, String> template;

    public SendMethodReference(KafkaTemplate<String, String> template) {
        this.template = template;
    }

    public void republish(List<ProducerRecord<String, String>> records) {
        records.stream()
                .filter(r -> r.value() != null)
                .forEach(template::send); // expect: OL201
    }

    // ---- correct twins ----

    public void republishWaiting(List<ProducerRecord<String, String>> records) {
        records.forEach(this::sendAndWait);
    }

    public void republishJoined(List<ProducerRecord<String, String>> records) {
        List<CompletableFuture<SendResult<String, String>>> sent =
                records.stream().map(template::send).toList();
        CompletableFuture.allOf(sent.toArray(new CompletableFuture<?>[0])).join();
    }

    private void sendAndWait(ProducerRecord<String, String> record) {
        try {
            template.send(record).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("delivery failed", e);
        }
    }
}
