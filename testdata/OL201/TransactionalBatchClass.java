package fixtures.ol201;

import java.util.ArrayList;
import java.util.List;

import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OL201 fixture (kafka-clients transactions): a batch class whose methods begin, send and
 * commit on one producer field. A send in one method is in the transaction its sibling
 * methods begin and commit (a transactional producer refuses a send outside one), so the
 * commit, whose failure reaches the caller, confirms it. When the commit's failure is only
 * logged, the sends are unconfirmed.
 */
public class TransactionalBatchClass {
    private static final Logger log = LoggerFactory.getLogger(TransactionalBatchClass.class);

    /** Commits its failure to the caller. */
    public static class Batch {
        private final Producer<String, String> producer;
        private final List<ProducerRecord<String, String>> records = new ArrayList<>();
        private boolean began;

        public Batch(Producer<String, String> producer) {
            this.producer = producer;
        }

        public void add(ProducerRecord<String, String> rec) {
            records.add(rec);
            ensureTransaction();
            producer.send(rec);
        }

        public void flush() {
            producer.commitTransaction();
            began = false;
            records.clear();
        }

        private void ensureTransaction() {
            if (!began) {
                producer.beginTransaction();
                began = true;
            }
        }
    }

    /** Logs the commit's failure and goes on. */
    public static class LoggedBatch {
        private final Producer<String, String> producer;
        private boolean began;

        public LoggedBatch(Producer<String, String> producer) {
            this.producer = producer;
        }

        public void add(ProducerRecord<String, String> rec) {
            if (!began) {
                producer.beginTransaction();
                began = true;
            }
            producer.send(rec); // expect: OL201
        }

        public void flush() {
            try {
                producer.commitTransaction();
            } catch (KafkaException e) {
                log.warn("commit failed", e);
            }
            began = false;
        }
    }
}
