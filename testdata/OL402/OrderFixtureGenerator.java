package fixtures.ol402;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.apache.kafka.clients.admin.Admin; // expect: OL402
import org.apache.kafka.clients.producer.KafkaProducer; // expect: OL402
import org.apache.kafka.clients.producer.ProducerRecord; // expect: OL402
import org.apache.kafka.common.serialization.StringSerializer; // expect: OL402

/**
 * OL402 fixture: a fixture generator (the file name matches {@code *Fixture*}) should write
 * data and return, not hold Kafka clients: each import from the client library is reported,
 * its value types and serializers included (as Python's and Rust's are).
 */
public class OrderFixtureGenerator {
    public static List<String> sampleOrders(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add("{\"id\": " + i + "}");
        }
        return out;
    }

    public static void seed(String topic, int n) throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", "localhost:9092");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
                Admin admin = Admin.create(Map.of("bootstrap.servers", "localhost:9092"))) {
            admin.listTopics().names().get();
            for (String order : sampleOrders(n)) {
                producer.send(new ProducerRecord<>(topic, order)).get();
            }
        }
    }
}
