package com.acme.sales;

import java.util.Map;
import java.util.concurrent.ExecutionException;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Writes sales with the configuration its constructor is given (`acks=1`). */
public class SalesProducer {
    private final Map<String, Object> configs;

    public SalesProducer(Map<String, Object> configs) {
        this.configs = configs;
    }

    public void run(String sale) {
        try (Producer<String, String> producer = new KafkaProducer<>(configs)) { // expect: OL205
            producer.send(new ProducerRecord<>("sales", sale)).get();
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }
}
