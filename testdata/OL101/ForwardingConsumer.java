package fixtures.ol101;

import java.time.Duration;
import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetCommitCallback;
import org.apache.kafka.common.TopicPartition;

/**
 * OL101 fixture: a consumer decorator's commit overloads. Those that forward a timeout or a
 * callback still commit the position (the wrapper has no offsets parameter): OL101 at the
 * inner call, as does one that only tests whether a callback was given. Those that forward
 * the caller's offsets are judged at their callers.
 */
public class ForwardingConsumer {
    private final Consumer<String, String> delegate;

    public ForwardingConsumer(Consumer<String, String> delegate) {
        this.delegate = delegate;
    }

    public void commitSync(Duration timeout) {
        delegate.commitSync(timeout); // expect: OL101
    }

    public void commitAsync(OffsetCommitCallback callback) {
        delegate.commitAsync(callback); // expect: OL101
    }

    public void commitWithLogging(OffsetCommitCallback callback) {
        if (callback == null) {
            delegate.commitAsync(); // expect: OL101
        } else {
            delegate.commitAsync(new OffsetCommitCallback() { // expect: OL101
                @Override
                public void onComplete(Map<TopicPartition, OffsetAndMetadata> offsets, Exception e) {
                    callback.onComplete(offsets, e);
                }
            });
        }
    }

    public void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
        delegate.commitSync(offsets);
    }

    public void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets, Duration timeout) {
        delegate.commitSync(offsets, timeout);
    }

    public void commitAsync(Map<TopicPartition, OffsetAndMetadata> offsets, OffsetCommitCallback callback) {
        delegate.commitAsync(offsets, callback);
    }
}
