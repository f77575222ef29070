package fixtures.ol201;

import java.util.concurrent.ExecutionException;

import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * OL201 fixture: an inner (non-static) class reads its enclosing instance's fields by their
 * bare names; a send on the outer producer whose future is dropped is confirmed by nobody.
 */
public class InnerClassSends {
    private final Producer<String, String> producer;

    public InnerClassSends(Producer<String, String> producer) {
        this.producer = producer;
    }

    /** The reader thread of a cache: it writes rollbacks back to the topic. */
    private class Worker extends Thread {
        void rollback(String key, String old) {
            producer.send(new ProducerRecord<>("cache", key, old)); // expect: OL201
        }

        void rollbackConfirmed(String key, String old)
                throws InterruptedException, ExecutionException {
            producer.send(new ProducerRecord<>("cache", key, old)).get();
        }
    }

    /** A static nested class has no enclosing instance: its `producer` is its own field. */
    static class Relay {
        private final Object producer = new Object();

        String describe() {
            return producer.toString();
        }
    }
}
