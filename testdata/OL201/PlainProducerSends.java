package fixtures.ol201;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OL201 fixture (kafka-clients): a send whose outcome nobody observes. The returned Future
 * dropped or stored and never read, a null callback, or a callback that never reads its
 * exception. Observed: get(), a callback that reads the exception, futures kept and read
 * later, a future returned to the caller, sends inside a transaction that is committed.
 */
public class PlainProducerSends {
    private static final Logger log = LoggerFactory.getLogger(PlainProducerSends.class);

    private final Producer<String, String> producer;
    private final List<Exception> failures = new ArrayList<>();

    public PlainProducerSends(Producer<String, String> producer) {
        this.producer = producer;
    }

    public void audit(String key, String json) {
        producer.send(new ProducerRecord<>("audit", key, json)); // expect: OL201
    }

    public void nullCallback(ProducerRecord<String, String> rec) {
        producer.send(rec, null); // expect: OL201
    }

    public void emptyCallback(ProducerRecord<String, String> rec) {
        producer.send(rec, (md, ex) -> {}); // expect: OL201
    }

    public void metadataOnlyCallback(ProducerRecord<String, String> rec) {
        producer.send(rec, (md, ex) -> log.info("sent to {}", md)); // expect: OL201
    }

    public void storedNeverRead(ProducerRecord<String, String> rec) {
        Future<RecordMetadata> sent = producer.send(rec); // expect: OL201
        log.info("queued {}", rec.key());
    }

    // ---- correct twins ----

    public RecordMetadata awaited(ProducerRecord<String, String> rec) throws InterruptedException, ExecutionException {
        return producer.send(rec).get();
    }

    public void awaitedWithTimeout(ProducerRecord<String, String> rec) throws Exception {
        Future<RecordMetadata> sent = producer.send(rec);
        sent.get(10, TimeUnit.SECONDS);
    }

    public void callbackReadsTheError(ProducerRecord<String, String> rec) {
        producer.send(rec, (md, ex) -> {
            if (ex != null) {
                failures.add(ex);
            }
        });
    }

    public void collectedThenAwaited(List<ProducerRecord<String, String>> batch)
            throws InterruptedException, ExecutionException, TimeoutException {
        List<Future<RecordMetadata>> pending = new ArrayList<>();
        for (ProducerRecord<String, String> rec : batch) {
            pending.add(producer.send(rec));
        }
        for (Future<RecordMetadata> f : pending) {
            f.get(30, TimeUnit.SECONDS);
        }
    }

    public Future<RecordMetadata> returnedToTheCaller(ProducerRecord<String, String> rec) {
        return producer.send(rec);
    }

    public void transactional(List<ProducerRecord<String, String>> batch) {
        producer.beginTransaction();
        for (ProducerRecord<String, String> rec : batch) {
            producer.send(rec);
        }
        producer.commitTransaction();
    }

    public List<Exception> failures() {
        return failures;
    }
}
