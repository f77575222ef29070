package fixtures.ol201;

import java.util.List;

import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OL201 fixture (kafka-clients transactions): sends between beginTransaction() and
 * commitTransaction() are confirmed by the commit, which throws when any of them failed. A
 * handler that aborts the transaction has seen that failure and rolled the records back (the
 * KafkaProducer javadoc's own pattern); one that only logs swallows it, and the sends are
 * unconfirmed.
 */
public class TransactionAbortHandler {
    private static final Logger log = LoggerFactory.getLogger(TransactionAbortHandler.class);

    private final Producer<String, String> producer;

    public TransactionAbortHandler(Producer<String, String> producer) {
        this.producer = producer;
    }

    public void publishAll(List<String> values) {
        try {
            producer.beginTransaction();
            for (String v : values) {
                producer.send(new ProducerRecord<>("out", v));
            }
            producer.commitTransaction();
        } catch (KafkaException e) {
            producer.abortTransaction();
        }
    }

    // ---- must flag: the commit's failure is only logged ----

    public void publishLogged(List<String> values) {
        try {
            producer.beginTransaction();
            for (String v : values) {
                producer.send(new ProducerRecord<>("out", v)); // expect: OL201
            }
            producer.commitTransaction();
        } catch (KafkaException e) {
            log.error("transaction failed", e);
        }
    }
}
