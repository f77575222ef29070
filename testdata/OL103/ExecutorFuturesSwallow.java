package fixtures.ol103;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;

import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OL103 fixture (kafka-clients): a consume loop that processes each partition's records on an
 * executor and waits for the futures: `Future.get()` rethrows whatever the processing threw as
 * an `ExecutionException`, so a handler of it that logs and goes on commits past the failed
 * records. Rethrowing leaves the loop.
 */
public class ExecutorFuturesSwallow {
    private static final Logger log = LoggerFactory.getLogger(ExecutorFuturesSwallow.class);

    /** Processes one record. */
    public interface Processor {
        void process(String value);
    }

    private final KafkaConsumer<String, String> consumer;
    private final ExecutorService executor;
    private final Processor processor;

    public ExecutorFuturesSwallow(KafkaConsumer<String, String> consumer,
            ExecutorService executor, Processor processor) {
        this.consumer = consumer;
        this.executor = executor;
        this.processor = processor;
    }

    public void run() {
        while (true) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
            var futures = records.partitions().stream()
                    .map(tp -> {
                        var partitionRecords = records.records(tp);
                        return executor.submit(() -> partitionRecords.forEach(r -> processor.process(r.value())));
                    })
                    .toList();
            futures.forEach(f -> {
                try {
                    f.get();
                } catch (InterruptedException | ExecutionException e) { // expect: OL103
                    log.error("processing failed", e);
                }
            });
            consumer.commitAsync(); // expect: OL101
        }
    }

    public void runRethrowing() {
        while (true) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
            var futures = records.partitions().stream()
                    .map(tp -> {
                        var partitionRecords = records.records(tp);
                        return executor.submit(() -> partitionRecords.forEach(r -> processor.process(r.value())));
                    })
                    .toList();
            futures.forEach(f -> {
                try {
                    f.get();
                } catch (InterruptedException | ExecutionException e) {
                    throw new IllegalStateException(e);
                }
            });
            consumer.commitAsync(); // expect: OL101
        }
    }
}
