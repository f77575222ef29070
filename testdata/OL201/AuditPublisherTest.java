package fixtures.ol201;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** OL201 precision fixture: a test double is never a Kafka client. */
class AuditPublisherTest {
    @Test
    void publishesOneRecord() {
        MockProducer<String, String> producer = new MockProducer<>(true, new StringSerializer(), new StringSerializer());
        producer.send(new ProducerRecord<>("audit", "k", "v"));
        assertEquals(1, producer.history().size());
    }
}
