package fixtures.ol102;

import java.io.IOException;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.RetriableCommitFailedException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.SerializationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * OL102 fixture (kafka-clients): a commit in a catch of a broad or transient type, or in a
 * finally block, commits a record whose processing failed. Catches of poison types only (bad
 * JSON, bad numbers, bad dates, serialization) may commit past the record, and so may the
 * retry of a commit in the handler of the commit's own failure. The handlers are per record,
 * called from the poll loop elsewhere.
 */
public class PlainConsumerFailures {
    private static final Logger log = LoggerFactory.getLogger(PlainConsumerFailures.class);

    /** The record's effect. */
    public interface Orders {
        void save(String json) throws IOException, TimeoutException, JsonProcessingException;
    }

    private final KafkaConsumer<String, String> consumer;
    private final Orders orders;

    public PlainConsumerFailures(KafkaConsumer<String, String> consumer, Orders orders) {
        this.consumer = consumer;
        this.orders = orders;
    }

    private static Map<TopicPartition, OffsetAndMetadata> next(ConsumerRecord<String, String> r) {
        return Map.of(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
    }

    public void broad(ConsumerRecord<String, String> r) {
        try {
            orders.save(r.value());
        } catch (Exception e) {
            log.error("order {} failed", r.offset(), e);
            consumer.commitSync(next(r)); // expect: OL102
        }
    }

    public void throwable(ConsumerRecord<String, String> r) throws Throwable {
        try {
            orders.save(r.value());
        } catch (Throwable t) {
            consumer.commitAsync(next(r), null); // expect: OL102
            throw t;
        }
    }

    public void transientTypes(ConsumerRecord<String, String> r) {
        try {
            orders.save(r.value());
        } catch (JsonProcessingException e) {
            consumer.commitSync(next(r)); // poison (a subclass of IOException, caught first)
        } catch (IOException e) {
            consumer.commitSync(next(r)); // expect: OL102
        } catch (TimeoutException e) {
            consumer.commitSync(next(r)); // expect: OL102
        } catch (KafkaException e) {
            consumer.commitSync(next(r)); // expect: OL102
        }
    }

    public void multiCatch(ConsumerRecord<String, String> r) {
        try {
            orders.save(r.value());
        } catch (IllegalArgumentException | IOException e) {
            consumer.commitSync(next(r)); // expect: OL102
        } catch (TimeoutException e) {
            log.warn("not saved", e);
        }
    }

    public void inFinally(ConsumerRecord<String, String> r) throws Exception {
        try {
            orders.save(r.value());
        } finally {
            consumer.commitSync(next(r)); // expect: OL102
        }
    }

    // ---- correct twins ----

    public void poisonOnly(ConsumerRecord<String, String> r) throws Exception {
        try {
            orders.save(r.value());
        } catch (JsonProcessingException | NumberFormatException | DateTimeParseException e) {
            log.warn("poison record {} skipped", r.offset(), e);
            consumer.commitSync(next(r));
        } catch (IllegalArgumentException | SerializationException e) {
            consumer.commitSync(next(r));
        }
    }

    public void afterSuccess(ConsumerRecord<String, String> r) throws Exception {
        orders.save(r.value());
        consumer.commitSync(next(r));
    }

    public void retryOwnCommit(ConsumerRecord<String, String> r) {
        Map<TopicPartition, OffsetAndMetadata> offsets = next(r);
        try {
            consumer.commitSync(offsets);
        } catch (RetriableCommitFailedException e) {
            consumer.commitSync(offsets);
        }
    }
}
