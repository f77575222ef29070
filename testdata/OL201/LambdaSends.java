package fixtures.ol201;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;

import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * OL201 fixture: an expression lambda handed to forEach (a java.util.function.Consumer) drops
 * what its expression returns, so a send there discards its future. Collected, the futures
 * are observed; a lambda whose interface returns (a Supplier, a Function) passes them on.
 */
public class LambdaSends {
    private final Producer<String, String> producer;
    private final KafkaTemplate<String, String> template;

    public LambdaSends(Producer<String, String> producer, KafkaTemplate<String, String> template) {
        this.producer = producer;
        this.template = template;
    }

    public void each(List<ProducerRecord<String, String>> records) {
        records.forEach(r -> producer.send(r)); // expect: OL201
    }

    public void eachTemplate(List<String> values) {
        values.forEach(v ->
                template.send("audit", v)); // expect: OL201
    }

    // ---- correct twins ----

    public List<Future<RecordMetadata>> collected(List<ProducerRecord<String, String>> records) {
        List<Future<RecordMetadata>> futures = new ArrayList<>();
        records.forEach(r -> futures.add(producer.send(r)));
        return futures;
    }

    public List<Future<RecordMetadata>> mapped(List<ProducerRecord<String, String>> records) {
        return records.stream().map(r -> producer.send(r)).toList();
    }
}
