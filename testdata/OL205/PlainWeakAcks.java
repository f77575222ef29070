package com.acme.out;

import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;

public class PlainWeakAcks {
    Producer<String, String> weak() {
        Properties props = new Properties();
        props.put(ProducerConfig.ACKS_CONFIG, "1");
        return new KafkaProducer<>(props); // expect: OL205
    }

    Producer<String, String> strong() {
        Properties props = new Properties();
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        return new KafkaProducer<>(props);
    }
}
