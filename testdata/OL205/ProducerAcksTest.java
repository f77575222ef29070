package fixtures.ol205;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Properties;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** OL205 precision fixture: test code talks to a test broker; its acks are not production's. */
class ProducerAcksTest {
    @Test
    void fastLocalProducer() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092");
        props.put(ProducerConfig.ACKS_CONFIG, "0");
        try (KafkaProducer<String, String> p = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            assertNotNull(p.metrics());
        }
    }
}
