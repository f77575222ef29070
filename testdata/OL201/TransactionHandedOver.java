package fixtures.ol201;

import java.util.Properties;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * OL201 fixture (kafka-clients transactions): a sink writer begins a transaction on its
 * producer field and hands it over to a committer; it commits none itself. Its sends are in
 * that transaction (a transactional producer refuses a send outside one), so the committer's
 * commit confirms them. Its producer's class overrides {@code beginTransaction()} and
 * delegates to {@code super}: calling it begins the client's transaction. A writer that begins
 * no transaction confirms nothing.
 */
public class TransactionHandedOver {
    /** A producer that logs each transaction it begins. */
    public static class LoggingProducer<K, V> extends KafkaProducer<K, V> {
        public LoggingProducer(Properties props) {
            super(props);
        }

        @Override
        public void beginTransaction() {
            System.out.println("begin");
            super.beginTransaction();
        }
    }

    /** Begins; the committer commits what {@link #prepareCommit()} hands it. */
    public static class TransactionalWriter {
        private LoggingProducer<String, String> producer;

        public void beginTransaction(LoggingProducer<String, String> transactional) {
            this.producer = transactional;
            producer.beginTransaction();
        }

        public void write(ProducerRecord<String, String> rec) {
            producer.send(rec);
        }

        public LoggingProducer<String, String> prepareCommit() {
            return producer;
        }

        public void abort() {
            producer.abortTransaction();
        }
    }

    // ---- the same writer without a transaction: flagged ----

    public static class PlainWriter {
        private final Producer<String, String> producer;

        public PlainWriter(Producer<String, String> producer) {
            this.producer = producer;
        }

        public void write(ProducerRecord<String, String> rec) {
            producer.send(rec); // expect: OL201
        }
    }
}
