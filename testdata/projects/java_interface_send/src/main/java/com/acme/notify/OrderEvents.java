package com.acme.notify;

import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.producer.ProducerRecord;

/** Callers holding the interface type. */
public class OrderEvents {
    private final Notifier<String, String> notifier;

    public OrderEvents(Notifier<String, String> notifier) {
        this.notifier = notifier;
    }

    public void placed(String id) {
        notifier.publish(new ProducerRecord<>("orders", id, "placed")); // expect: OL201
    }

    public void shipped(String id) throws Exception {
        notifier.publish(new ProducerRecord<>("orders", id, "shipped")).get(10, TimeUnit.SECONDS);
    }
}
