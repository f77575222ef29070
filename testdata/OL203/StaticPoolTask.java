package fixtures.ol203;

import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * OL203 fixture: an executor held in a static field and used from a static method
 * (`executorService.submit(..)` in `main`): the bare name is the class's field. A kept
 * handle that is read is observed.
 */
public class StaticPoolTask {
    private static final ExecutorService executorService = Executors.newFixedThreadPool(3);

    static class Client {
        private final KafkaProducer<String, String> producer = new KafkaProducer<>(new Properties());

        void run() throws Exception {
            producer.send(new ProducerRecord<>("out", "v")).get();
        }
    }

    public static void main(String[] args) {
        Client client = new Client();
        executorService.submit(() -> { client.run(); return null; }); // expect: OL203
    }

    public static void joined() throws Exception {
        Client client = new Client();
        executorService.submit(() -> { client.run(); return null; }).get();
    }
}
