package fixtures.ol201;

import java.util.concurrent.CompletableFuture;

import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;

/**
 * OL201 fixture: a send wrapper that registers a failure callback on the future before
 * returning it (open-kilda's `KafkaMessageProducer.send`) observes the delivery itself: a
 * caller that drops the returned future drops an observed one. A wrapper that returns the
 * bare future hands the obligation to its callers.
 */
public class WrapperRegistersCallback {
    private final KafkaTemplate<String, String> template;
    private volatile boolean healthy = true;

    public WrapperRegistersCallback(KafkaTemplate<String, String> template) {
        this.template = template;
    }

    public CompletableFuture<SendResult<String, String>> send(String topic, String key, String value) {
        CompletableFuture<SendResult<String, String>> future = template.send(topic, key, value);
        future.whenComplete((result, error) -> {
            if (error != null) {
                healthy = false;
            }
        });
        return future;
    }

    public CompletableFuture<SendResult<String, String>> sendBare(String topic, String key, String value) {
        CompletableFuture<SendResult<String, String>> future = template.send(topic, key, value);
        return future;
    }

    public void respond(String key, String value) {
        send("responses", key, value);
        sendBare("responses", key, value); // expect: OL201
    }
}
