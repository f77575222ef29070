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
 * OL103 fixture (kafka-clients, exactly-once): a consume-transform-produce loop whose handler
 * aborts the transaction and seeks the consumer back to its committed offsets through a helper
 * (the exactly-once examples' `resetToLastCommittedPositions`): the failed records are
 * delivered again, so the loop does not go on past them. A handler that only aborts leaves
 * the position past the failed records, and the next transaction commits over them.
 */
public class TransactionRewind {
    private static final Logger log = LoggerFactory.getLogger(TransactionRewind.class);

    private final KafkaConsumer<String, String> consumer;
    private final KafkaProducer<String, String> producer;

    public TransactionRewind(KafkaConsumer<String, String> consumer,
            KafkaProducer<String, String> producer) {
        this.consumer = consumer;
        this.producer = producer;
    }

    public void run() {
        producer.initTransactions();
        while (true) {
            try {
                ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(200));
                producer.beginTransaction();
                for (ConsumerRecord<String, String> r : records) {
                    producer.send(new ProducerRecord<>("out", r.key(), r.value() + "-ok"));
                }
                producer.sendOffsetsToTransaction(offsetsOf(records), consumer.groupMetadata());
                producer.commitTransaction();
            } catch (KafkaException e) {
                producer.abortTransaction();
                resetToLastCommittedPositions();
            }
        }
    }

    public void runWithoutRewind() {
        producer.initTransactions();
        while (true) {
            try {
                ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(200));
                producer.beginTransaction();
                for (ConsumerRecord<String, String> r : records) {
                    producer.send(new ProducerRecord<>("out", r.key(), r.value() + "-ok"));
                }
                producer.sendOffsetsToTransaction(offsetsOf(records), consumer.groupMetadata());
                producer.commitTransaction();
            } catch (KafkaException e) { // expect: OL103
                log.warn("transaction aborted", e);
                producer.abortTransaction();
            }
        }
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

    private void resetToLastCommittedPositions() {
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
}
