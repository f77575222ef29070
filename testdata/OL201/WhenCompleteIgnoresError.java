package fixtures.ol201;

import org.springframework.kafka.core.KafkaTemplate;

/**
 * OL201 fixture: a `whenComplete` stage whose callback never reads its exception passes the
 * failure on to a future nobody reads: the delivery is as unobserved as with no stage.
 * Reading the exception (or returning the stage) observes it.
 */
public class WhenCompleteIgnoresError {
    private final KafkaTemplate<String, String> template;

    public WhenCompleteIgnoresError(KafkaTemplate<String, String> template) {
        this.template = template;
    }

    public void publish(String topic, String key, String json) {
        template.send(topic, key, json) // expect: OL201
                .whenComplete((result, e) -> System.out.println("sent " + key));
    }

    // ---- correct twin ----

    public void publishChecked(String topic, String key, String json) {
        template.send(topic, key, json).whenComplete((result, e) -> {
            if (e != null) {
                System.err.println("delivery of " + key + " failed: " + e);
            }
        });
    }
}
