package fixtures.ol204;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OL204 fixture (kafka-clients): the input is committed after its outputs were sent but
 * before their delivery was confirmed. {@code flush()} returns nothing and does not throw for
 * failed records (the producer javadoc's own example "may drop records"), and a callback
 * reports later. Reported at the commit. Awaiting every future first, or committing the
 * input inside the producer's transaction, confirms the outputs.
 */
public class PlainProduceCommit {
    private static final Logger log = LoggerFactory.getLogger(PlainProduceCommit.class);

    private final KafkaConsumer<String, String> consumer;
    private final KafkaProducer<String, String> producer;
    private volatile boolean running = true;

    public PlainProduceCommit(KafkaConsumer<String, String> consumer, KafkaProducer<String, String> producer) {
        this.consumer = consumer;
        this.producer = producer;
    }

    private static ProducerRecord<String, String> enrich(ConsumerRecord<String, String> r) {
        return new ProducerRecord<>("enriched", r.key(), r.value().trim());
    }

    public void flushThenCommit() {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            for (ConsumerRecord<String, String> r : records) {
                producer.send(enrich(r), (md, ex) -> {
                    if (ex != null) {
                        log.error("lost {}", r.key(), ex);
                    }
                });
            }
            producer.flush();
            consumer.commitSync(offsetsOf(records)); // expect: OL204
        }
    }

    public void dropThenCommit() {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            for (ConsumerRecord<String, String> r : records) {
                producer.send(enrich(r)); // expect: OL201
            }
            producer.flush();
            consumer.commitSync(offsetsOf(records)); // expect: OL204
        }
    }

    // ---- correct twins ----

    public void awaitThenCommit() throws Exception {
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            List<Future<RecordMetadata>> fs = new ArrayList<>();
            for (ConsumerRecord<String, String> r : records) {
                fs.add(producer.send(enrich(r)));
            }
            for (Future<RecordMetadata> f : fs) {
                f.get();
            }
            consumer.commitSync(offsetsOf(records));
        }
    }

    public void transactional() {
        producer.initTransactions();
        while (running) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            producer.beginTransaction();
            for (ConsumerRecord<String, String> r : records) {
                producer.send(enrich(r));
            }
            producer.sendOffsetsToTransaction(offsetsOf(records), consumer.groupMetadata());
            producer.commitTransaction();
        }
    }

    static Map<TopicPartition, OffsetAndMetadata> offsetsOf(ConsumerRecords<String, String> records) {
        Map<TopicPartition, OffsetAndMetadata> out = new HashMap<>();
        for (ConsumerRecord<String, String> r : records) {
            out.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
        }
        return out;
    }
}
