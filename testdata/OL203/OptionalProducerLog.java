package fixtures.ol203;

import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * OL203/OL201 fixture: a log that holds its producer in an `Optional` (Kafka Connect's
 * `KafkaBasedLog`): `producer.orElseThrow(..)` is the producer, so its `send` wrappers are
 * produces. A retry task handed to an executor that sends through them drops its handle
 * (OL203); one whose handle is read is observed.
 */
public class OptionalProducerLog {
    static class Log {
        private final Optional<Producer<String, String>> producer;

        Log(Producer<String, String> producer) {
            this.producer = Optional.ofNullable(producer);
        }

        public Future<RecordMetadata> sendWithReceipt(String key, String value) {
            return sendWithReceipt(key, value, null);
        }

        public void send(String key, String value, Callback callback) {
            sendWithReceipt(key, value, callback);
        }

        public Future<RecordMetadata> sendWithReceipt(String key, String value, Callback callback) {
            return producer.orElseThrow(() -> new IllegalStateException("read-only"))
                    .send(new ProducerRecord<>("status", key, value), callback);
        }
    }

    private final Log log;
    private final ExecutorService retries;

    public OptionalProducerLog(Log log, ExecutorService retries) {
        this.log = log;
        this.retries = retries;
    }

    public void put(String key, String value) {
        retries.submit(() -> log.send(key, value, (md, e) -> { })); // expect: OL203
    }

    public void putConfirmed(String key, String value) throws Exception {
        retries.submit(() -> log.sendWithReceipt(key, value).get()).get();
    }
}
