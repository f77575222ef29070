package com.acme.orders;

import java.time.Duration;
import java.util.List;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.stereotype.Component;

/** Injected with KafkaConfig's consumer bean through its interface type. */
@Component
public class ReconciliationLoop {
    /** The record's effect. */
    public interface Ledger {
        void reconcile(String key, String value);
    }

    private final Consumer<String, String> consumer;
    private final Ledger ledger;

    public ReconciliationLoop(Consumer<String, String> consumer, Ledger ledger) {
        this.consumer = consumer;
        this.ledger = ledger;
    }

    public void run() {
        consumer.subscribe(List.of("payments"));
        while (!Thread.currentThread().isInterrupted()) {
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
                ledger.reconcile(r.key(), r.value());
            }
            consumer.commitSync(); // expect: OL101
        }
    }
}
