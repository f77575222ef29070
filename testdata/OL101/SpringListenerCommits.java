package fixtures.ol101;

import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.stereotype.Component;

/**
 * OL101 fixture (spring-kafka): a listener may ask for the container's {@code Consumer}; a
 * bare commit on it commits every assigned partition's position. The container's own commit
 * after a normal return, {@code Acknowledgment.acknowledge()} and a commit of the record's own
 * offset are record offsets, not positions.
 */
@Component
public class SpringListenerCommits {
    /** The effect of a record. */
    public interface Payments {
        void apply(String key, String value);
    }

    private final Payments payments;

    public SpringListenerCommits(Payments payments) {
        this.payments = payments;
    }

    @KafkaListener(topics = "payments", groupId = "billing")
    public void onPayment(ConsumerRecord<String, String> record, Consumer<?, ?> consumer) {
        payments.apply(record.key(), record.value());
        consumer.commitSync(); // expect: OL101
    }

    @KafkaListener(topics = "chargebacks", groupId = "billing")
    public void onChargeback(ConsumerRecord<String, String> record, Consumer<String, String> consumer) {
        payments.apply(record.key(), record.value());
        consumer.commitAsync(); // expect: OL101
    }

    // ---- correct twins ----

    @KafkaListener(topics = "refunds", groupId = "billing")
    public void onRefund(ConsumerRecord<String, String> record, Acknowledgment ack) {
        payments.apply(record.key(), record.value());
        ack.acknowledge();
    }

    @KafkaListener(topics = "adjustments", groupId = "billing")
    public void onAdjustment(ConsumerRecord<String, String> record, Consumer<String, String> consumer) {
        payments.apply(record.key(), record.value());
        TopicPartition tp = new TopicPartition(record.topic(), record.partition());
        consumer.commitSync(Map.of(tp, new OffsetAndMetadata(record.offset() + 1)));
    }

    @KafkaListener(topics = "fees", groupId = "billing")
    public void onFee(ConsumerRecord<String, String> record) {
        payments.apply(record.key(), record.value()); // the container commits this record's offset
    }
}
