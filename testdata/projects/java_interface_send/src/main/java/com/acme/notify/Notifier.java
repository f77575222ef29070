package com.acme.notify;

import java.util.concurrent.Future;

import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/** Declared here, implemented once in the project (KafkaNotifier): calls dispatch there. */
public interface Notifier<K, V> {
    Future<RecordMetadata> publish(ProducerRecord<K, V> record);
}
