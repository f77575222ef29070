package fixtures.ol103;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OL103 fixture (kafka-clients, exactly-once): the handler's helper aborts and calls another
 * helper that seeks the consumer back (kafka-tools' `abortTransactionAndResetPosition` calling
 * `resetToLastCommittedPositions`): the failed records are delivered again, two calls deep.
 * A helper that only aborts leaves the position past them.
 */
public class TransactionRewindHelper {
    private static final Logger log = LoggerFactory.getLogger(TransactionRewindHelper.class);

    private final KafkaConsumer<String, String> consumer;
    private final KafkaProducer<String, String> producer;

    public TransactionRewindHelper(KafkaConsumer<String, String> consumer,
            KafkaProducer<String, String> producer) {
        this.consumer = consumer;
        this.producer = producer;
    }

    public void run() {
        producer.initTransactions();
        while (true) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(200));
            try {
                producer.beginTransaction();
                for (ConsumerRecord<String, String> r : records) {
                    producer.send(new ProducerRecord<>("out", r.key(), r.value() + "-ok"));
                }
                producer.sendOffsetsToTransaction(offsetsOf(records), consumer.groupMetadata());
                producer.commitTransaction();
            } catch (KafkaException e) {
                log.debug("aborting", e);
                abortAndReset(producer, consumer);
            }
        }
    }

    public void runAbortOnly() {
        producer.initTransactions();
        while (true) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(200));
            try {
                producer.beginTransaction();
                for (ConsumerRecord<String, String> r : records) {
                    producer.send(new ProducerRecord<>("out", r.key(), r.value() + "-ok"));
                }
                producer.sendOffsetsToTransaction(offsetsOf(records), consumer.groupMetadata());
                producer.commitTransaction();
            } catch (KafkaException e) { // expect: OL103
                log.debug("aborting", e);
                abortOnly(producer);
            }
        }
    }

    private static void abortAndReset(KafkaProducer<String, String> producer,
            KafkaConsumer<String, String> consumer) {
        producer.abortTransaction();
        resetToLastCommittedPositions(consumer);
    }

    private static void abortOnly(KafkaProducer<String, String> producer) {
        producer.abortTransaction();
    }

    private static void resetToLastCommittedPositions(KafkaConsumer<String, String> consumer) {
        Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(consumer.assignment());
        consumer.assignment().forEach(tp -> {
            OffsetAndMetadata o = committed.get(tp);
            if (o != null) {
                consumer.seek(tp, o.offset());
            } else {
                consumer.seekToBeginning(java.util.Collections.singleton(tp));
            }
        });
    }

    private Map<TopicPartition, OffsetAndMetadata> offsetsOf(
            ConsumerRecords<String, String> records) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (ConsumerRecord<String, String> r : records) {
            offsets.put(new TopicPartition(r.topic(), r.partition()),
                    new OffsetAndMetadata(r.offset() + 1));
        }
        return offsets;
    }
}
