package fixtures.ol101;

import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * OL101 fixture: a subclass commits through the consumer field its abstract base declares.
 * The bare name `consumer` is the inherited field, a kafka-clients consumer: its
 * parameterless commits commit every assigned position.
 */
public class InheritedConsumerField {
    abstract static class CommitPolicy {
        protected final Consumer<String, String> consumer;

        CommitPolicy(Consumer<String, String> consumer) {
            this.consumer = consumer;
        }

        abstract void commit(Map<TopicPartition, OffsetAndMetadata> done);
    }

    static final class AsyncPolicy extends CommitPolicy {
        AsyncPolicy(Consumer<String, String> consumer) {
            super(consumer);
        }

        @Override
        void commit(Map<TopicPartition, OffsetAndMetadata> done) {
            consumer.commitAsync((offsets, exception) -> { // expect: OL101
                if (exception != null) {
                    throw new IllegalStateException(exception);
                }
            });
        }
    }

    // ---- correct twin ----

    static final class ExactPolicy extends CommitPolicy {
        ExactPolicy(Consumer<String, String> consumer) {
            super(consumer);
        }

        @Override
        void commit(Map<TopicPartition, OffsetAndMetadata> done) {
            consumer.commitAsync(done, (offsets, exception) -> {
                if (exception != null) {
                    throw new IllegalStateException(exception);
                }
            });
        }
    }
}
