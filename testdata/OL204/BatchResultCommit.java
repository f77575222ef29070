package fixtures.ol204;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * OL204 fixture: the consume loop hands each batch's results to a helper that routes the
 * failed records to a retry topic and commits the batch (ngafid's `DisjointConsumer.commit`):
 * the helper's commit is the loop's, and it covers records whose retry send is unconfirmed.
 */
public class BatchResultCommit {
    record Result(List<ConsumerRecord<String, String>> records, boolean[] retry) {}

    private final Consumer<String, String> consumer;
    private final Producer<String, String> producer;
    private final BlockingQueue<ConsumerRecords<String, String>> tasks;
    private final BlockingQueue<Result> results;
    private volatile boolean done;

    public BatchResultCommit(Consumer<String, String> consumer, Producer<String, String> producer,
            BlockingQueue<ConsumerRecords<String, String>> tasks, BlockingQueue<Result> results) {
        this.consumer = consumer;
        this.producer = producer;
        this.tasks = tasks;
        this.results = results;
    }

    private void commit(Result result) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (int i = 0; i < result.records().size(); i++) {
            ConsumerRecord<String, String> record = result.records().get(i);
            offsets.put(new TopicPartition(record.topic(), record.partition()),
                    new OffsetAndMetadata(record.offset() + 1));
            if (result.retry()[i]) {
                producer.send(new ProducerRecord<>("retry", record.key(), record.value())); // expect: OL201
            }
        }
        consumer.commitSync(offsets); // expect: OL204
    }

    private void commitConfirmed(Result result) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (int i = 0; i < result.records().size(); i++) {
            ConsumerRecord<String, String> record = result.records().get(i);
            offsets.put(new TopicPartition(record.topic(), record.partition()),
                    new OffsetAndMetadata(record.offset() + 1));
            if (result.retry()[i]) {
                producer.send(new ProducerRecord<>("retry", record.key(), record.value())).get();
            }
        }
        consumer.commitSync(offsets);
    }

    public void run() throws Exception {
        while (!done) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            if (!records.isEmpty()) {
                tasks.put(records);
            }
            Result result = results.poll(1, TimeUnit.SECONDS);
            if (result == null) {
                continue;
            }
            commit(result);
        }
    }

    public void runConfirmed() throws Exception {
        while (!done) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofSeconds(1));
            if (!records.isEmpty()) {
                tasks.put(records);
            }
            Result result = results.poll(1, TimeUnit.SECONDS);
            if (result == null) {
                continue;
            }
            commitConfirmed(result);
        }
    }
}
