package fixtures.ol101;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * OL101 fixture: a rebalance listener written as an anonymous class with both of its methods.
 * A parameterless commitSync() in onPartitionsRevoked commits every assigned position, past
 * records still being processed (java.md §2's rebalance form); committing the offsets of the
 * records processed is the fix.
 */
public class RebalanceListenerCommits {
    static void positions(KafkaConsumer<String, String> consumer) {
        consumer.subscribe(List.of("orders"), new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                consumer.commitSync(); // expect: OL101
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                System.out.println("assigned " + partitions);
            }
        });
    }

    // ---- correct twin ----

    static void processed(KafkaConsumer<String, String> consumer) {
        Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
        consumer.subscribe(List.of("orders"), new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                consumer.commitSync(done);
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                done.clear();
            }
        });
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
            done.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
        }
    }
}
