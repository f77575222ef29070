package com.acme.shipping;

import java.util.concurrent.ExecutionException;

import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Production code that holds a Kafka client. */
public class ShipmentPublisher {
    private final Producer<String, String> producer;

    public ShipmentPublisher(Producer<String, String> producer) {
        this.producer = producer;
    }

    public void publish(String id, String json) throws InterruptedException, ExecutionException {
        producer.send(new ProducerRecord<>("shipments", id, json)).get();
    }
}
