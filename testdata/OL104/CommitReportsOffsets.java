package fixtures.ol104;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * OL104 fixture (kafka-clients): a commit helper the consume loop hands the offsets it built
 * from the records (kafka-tools' VerifiableConsumer): passing those same offsets on after the
 * commit reports the commit, it is no effect of a message. Handing the records themselves to
 * a store after the commit is one.
 */
public class CommitReportsOffsets {
    private final KafkaConsumer<String, String> consumer;
    private final Map<String, String> store = new HashMap<>();

    public CommitReportsOffsets(KafkaConsumer<String, String> consumer) {
        this.consumer = consumer;
    }

    public void run() {
        while (true) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
            Map<TopicPartition, OffsetAndMetadata> offsets = offsetsOf(records);
            commit(offsets);
        }
    }

    public void runStoringAfter() {
        while (true) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
            commitThenStore(offsetsOf(records), records);
        }
    }

    private void commit(Map<TopicPartition, OffsetAndMetadata> offsets) {
        consumer.commitSync(offsets);
        onComplete(offsets, null);
    }

    private void commitThenStore(Map<TopicPartition, OffsetAndMetadata> offsets,
            ConsumerRecords<String, String> records) {
        consumer.commitSync(offsets); // expect: OL104
        for (ConsumerRecord<String, String> r : records) {
            store.put(r.key(), r.value());
        }
    }

    private void onComplete(Map<TopicPartition, OffsetAndMetadata> offsets, Exception error) {
        System.out.println("committed " + offsets.size() + " partitions, error " + error);
    }

    private static Map<TopicPartition, OffsetAndMetadata> offsetsOf(
            ConsumerRecords<String, String> records) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (ConsumerRecord<String, String> r : records) {
            offsets.put(new TopicPartition(r.topic(), r.partition()),
                    new OffsetAndMetadata(r.offset() + 1));
        }
        return offsets;
    }
}
