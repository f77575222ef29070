package fixtures.ol201;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Service;

/**
 * OL201 fixture (spring-kafka 3.x, {@code CompletableFuture} results): a template send whose
 * future is dropped, or only continued with thenAccept/thenApply (which never see a failure),
 * is confirmed by nobody: the default producer listener logs and nothing else happens.
 * Observed: get/join, whenComplete/handle/exceptionally, returned, executeInTransaction.
 */
@Service
public class SpringTemplateSends {
    private static final Logger log = LoggerFactory.getLogger(SpringTemplateSends.class);

    /** Raised on a failed send. */
    public interface Alarm {
        void raise(Throwable failure);
    }

    private final KafkaTemplate<String, String> kafkaTemplate;
    private final Alarm alarm;

    public SpringTemplateSends(KafkaTemplate<String, String> kafkaTemplate, Alarm alarm) {
        this.kafkaTemplate = kafkaTemplate;
        this.alarm = alarm;
    }

    public void audit(String key, String json) {
        kafkaTemplate.send("audit", key, json); // expect: OL201
    }

    public void toDefaultTopic(String json) {
        kafkaTemplate.sendDefault(json); // expect: OL201
    }

    public void successOnly(String json) {
        kafkaTemplate.send("audit", json).thenAccept(r -> log.info("sent {}", r.getRecordMetadata())); // expect: OL201
    }

    public void mappedOnly(String json) {
        kafkaTemplate.send("audit", json).thenApply(SendResult::getRecordMetadata); // expect: OL201
    }

    // ---- correct twins ----

    public void awaited(String key, String json) throws Exception {
        kafkaTemplate.send("audit", key, json).get(10, TimeUnit.SECONDS);
    }

    public void joined(String json) {
        kafkaTemplate.send("audit", json).join();
    }

    public void observed(String key, String json) {
        kafkaTemplate.send("audit", key, json).whenComplete((r, ex) -> {
            if (ex != null) {
                alarm.raise(ex);
            }
        });
    }

    public void handled(String json) {
        kafkaTemplate.send("audit", json).exceptionally(ex -> {
            alarm.raise(ex);
            return null;
        });
    }

    public CompletableFuture<SendResult<String, String>> returned(String json) {
        return kafkaTemplate.send("audit", json);
    }

    public void inTransaction(String key, String json) {
        kafkaTemplate.executeInTransaction(t -> t.send("audit", key, json));
    }
}
