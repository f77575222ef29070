package fixtures.ol101;

import java.time.Duration;
import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * OL101 fixture: a plugin step reaches its consumer through the state object its generic
 * base keeps. The base types `data` only as its type variable; the step's constructor hands
 * it a `StepData`, whose consumer commits every assigned position.
 */
public class InheritedStepState {
    abstract static class BaseStep<D> {
        protected final D data;

        BaseStep(D data) {
            this.data = data;
        }

        abstract void processBatch();
    }

    static final class StepData {
        public Consumer<String, String> consumer;
    }

    static final class PositionStep extends BaseStep<StepData> {
        PositionStep(StepData data) {
            super(data);
        }

        @Override
        void processBatch() {
            for (ConsumerRecord<String, String> r : data.consumer.poll(Duration.ofSeconds(1))) {
                System.out.println(r.value());
            }
            data.consumer.commitAsync(); // expect: OL101
        }
    }

    // ---- correct twin ----

    static final class ExactStep extends BaseStep<StepData> {
        ExactStep(StepData data) {
            super(data);
        }

        @Override
        void processBatch() {
            for (ConsumerRecord<String, String> r : data.consumer.poll(Duration.ofSeconds(1))) {
                System.out.println(r.value());
                data.consumer.commitAsync(
                        Map.of(new TopicPartition(r.topic(), r.partition()),
                                new OffsetAndMetadata(r.offset() + 1)),
                        null);
            }
        }
    }
}
