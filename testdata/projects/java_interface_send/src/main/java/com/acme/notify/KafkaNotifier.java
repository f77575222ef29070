package com.acme.notify;

import java.util.concurrent.Future;

import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/** The one implementation: returns the send future, through a private helper it returns. */
public class KafkaNotifier<K, V> implements Notifier<K, V> {
    private final Producer<K, V> producer;

    public KafkaNotifier(Producer<K, V> producer) {
        this.producer = producer;
    }

    @Override
    public Future<RecordMetadata> publish(ProducerRecord<K, V> record) {
        return send(record);
    }

    private Future<RecordMetadata> send(ProducerRecord<K, V> record) {
        try {
            return producer.send(record);
        } catch (RuntimeException e) {
            System.err.println("not sent: " + e);
            throw e;
        }
    }
}
