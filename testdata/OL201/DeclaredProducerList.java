package fixtures.ol201;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * OL201 fixture: containers declared as holding producers and initialised empty
 * (`new ArrayList<>()`, `new ConcurrentHashMap<>()`) hold producers: their elements are
 * producers wherever they are read, in a field or a local. Reading the send's future confirms
 * it.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public class DeclaredProducerList {
    private final List<Producer<String, String>> producers = new ArrayList<>();
    private final Map<String, Producer<String, String>> byCluster = new ConcurrentHashMap<>();

    public void connect(List<Properties> clusters) {
        for (Properties props : clusters) {
            Producer<String, String> producer = new KafkaProducer<>(props);
            producers.add(producer);
            byCluster.put(props.getProperty("bootstrap.servers"), producer);
        }
    }

    public void publish(String topic, String value) {
        for (Producer producer : producers) {
            producer.send(new ProducerRecord<>(topic, value)); // expect: OL201
        }
    }

    public void publishTo(String cluster, String topic, String value) {
        byCluster.get(cluster).send(new ProducerRecord<>(topic, value)); // expect: OL201
    }

    public void publishEach(List<Properties> clusters, String topic, String value) {
        List<Producer<String, String>> local = new ArrayList<>();
        for (Properties props : clusters) {
            local.add(new KafkaProducer<>(props));
        }
        for (Producer<String, String> producer : local) {
            producer.send(new ProducerRecord<>(topic, value)); // expect: OL201
        }
    }

    // ---- correct twin ----

    public void publishConfirmed(String topic, String value)
            throws InterruptedException, ExecutionException {
        for (Producer<String, String> producer : producers) {
            producer.send(new ProducerRecord<>(topic, value)).get();
        }
    }
}
