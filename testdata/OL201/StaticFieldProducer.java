package fixtures.ol201;

import java.util.Properties;
import java.util.concurrent.ExecutionException;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * OL201 fixture: a producer held in a static field and used from static methods (ngafid's
 * `SendEmail.enqueueEmail`): the bare field name is the class's field, as `this.producer` is
 * in an instance method.
 */
public class StaticFieldProducer {
    private static KafkaProducer<String, String> producer = null;

    private static KafkaProducer<String, String> producer() {
        if (producer == null) {
            producer = new KafkaProducer<>(new Properties());
        }
        return producer;
    }

    public static void enqueue(String json) {
        if (producer == null) {
            producer = new KafkaProducer<>(new Properties());
        }
        producer.send(new ProducerRecord<>("email", json)); // expect: OL201
    }

    public static void enqueueConfirmed(String json) throws InterruptedException, ExecutionException {
        producer().send(new ProducerRecord<>("email", json)).get();
        producer.send(new ProducerRecord<>("email", json)).get();
    }
}
