package fixtures.ol201;

import java.util.List;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OL201 fixture (kafka-clients transactions): a handler that aborts the transaction through a
 * program helper it hands the producer to (`abortAndRewind(producer, consumer)`, as
 * kafka-tools' TransactionalMessageCopier does) has seen the commit's failure, as one that
 * calls `abortTransaction()` itself; a helper that only logs and rewinds does not abort, and
 * the sends stay unconfirmed.
 */
public class TransactionAbortHelper {
    private static final Logger log = LoggerFactory.getLogger(TransactionAbortHelper.class);

    private final Producer<String, String> producer;
    private final Consumer<String, String> consumer;

    public TransactionAbortHelper(Producer<String, String> producer,
            Consumer<String, String> consumer) {
        this.producer = producer;
        this.consumer = consumer;
    }

    public void publishAll(List<String> values) {
        try {
            producer.beginTransaction();
            for (String v : values) {
                producer.send(new ProducerRecord<>("out", v));
            }
            producer.commitTransaction();
        } catch (KafkaException e) {
            log.debug("aborting", e);
            abortAndRewind(producer, consumer);
        }
    }

    // ---- must flag: the helper the handler calls never aborts ----

    public void publishRewoundOnly(List<String> values) {
        try {
            producer.beginTransaction();
            for (String v : values) {
                producer.send(new ProducerRecord<>("out", v)); // expect: OL201
            }
            producer.commitTransaction();
        } catch (KafkaException e) {
            rewind(consumer);
        }
    }

    private static void abortAndRewind(Producer<String, String> producer,
            Consumer<String, String> consumer) {
        producer.abortTransaction();
        rewind(consumer);
    }

    private static void rewind(Consumer<String, String> consumer) {
        consumer.assignment().forEach(tp -> {
            OffsetAndMetadata o = consumer.committed(java.util.Collections.singleton(tp)).get(tp);
            if (o != null) {
                consumer.seek(tp, o.offset());
            }
        });
    }
}
