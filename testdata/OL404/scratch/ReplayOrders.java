package fixtures.ol404.scratch;

import java.time.Duration;
import java.util.List;
import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * OL404, one file: a scratch module (under a {@code scratch} directory) whose consumer joins a
 * group no production consumer of its project uses (this fixture directory has none in Java).
 * The flagged cases, with production code beside them, are in
 * {@code testdata/projects/java_scratch}.
 */
public class ReplayOrders {
    public static void main(String[] args) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092");
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "orders-replay");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer())) {
            c.subscribe(List.of("orders"));
            for (ConsumerRecord<String, String> r : c.poll(Duration.ofSeconds(5))) {
                System.out.println(r.offset() + " " + r.value());
            }
        }
    }
}
