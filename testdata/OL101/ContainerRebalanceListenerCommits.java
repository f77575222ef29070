package fixtures.ol101;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;

/**
 * OL101 fixture: a Spring container's rebalance listener, an anonymous
 * ConsumerAwareRebalanceListener whose methods receive the container's kafka-clients consumer
 * as a parameter. A parameterless commitSync() there commits every assigned position.
 */
public class ContainerRebalanceListenerCommits {
    static void positions(ConcurrentKafkaListenerContainerFactory<String, String> factory) {
        factory.getContainerProperties().setConsumerRebalanceListener(new ConsumerAwareRebalanceListener() {
            @Override
            public void onPartitionsRevokedBeforeCommit(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
                consumer.commitSync(); // expect: OL101
            }

            @Override
            public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
            }
        });
    }

    // ---- correct twins ----

    static void processed(ConcurrentKafkaListenerContainerFactory<String, String> factory,
            Map<TopicPartition, OffsetAndMetadata> done) {
        factory.getContainerProperties().setConsumerRebalanceListener(new ConsumerAwareRebalanceListener() {
            @Override
            public void onPartitionsRevokedBeforeCommit(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
                consumer.commitSync(new HashMap<>(done));
            }
        });
    }

    /** A project type with a commitSync() method is not a Kafka consumer. */
    interface Committer {
        void commitSync();
    }

    interface Batches {
        void onBatch(Committer committer);
    }

    static Batches notKafka() {
        return new Batches() {
            @Override
            public void onBatch(Committer committer) {
                committer.commitSync();
            }
        };
    }
}
