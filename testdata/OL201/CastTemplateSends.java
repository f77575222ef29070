package fixtures.ol201;

import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * OL201 fixture: a reference cast is the same template ((KafkaTemplate) template).send(..)
 * sends on the parameter; its dropped future is confirmed by nobody, its read one is.
 */
public class CastTemplateSends {
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static void toDlq(KafkaTemplate<?, ?> template, String topic, Object event) {
        ProducerRecord<String, Object> record = new ProducerRecord<>(topic, null, event);
        ((KafkaTemplate) template).send(record); // expect: OL201
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static void toDlqConfirmed(KafkaTemplate<?, ?> template, String topic, Object event)
            throws Exception {
        ProducerRecord<String, Object> record = new ProducerRecord<>(topic, null, event);
        ((KafkaTemplate) template).send(record).get(10, TimeUnit.SECONDS);
    }
}
