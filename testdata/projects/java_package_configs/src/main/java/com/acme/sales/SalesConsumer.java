package com.acme.sales;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/** Reads sales with the configuration its constructor is given. */
public class SalesConsumer {
    private final Map<String, Object> configs;

    public SalesConsumer(Map<String, Object> configs) {
        this.configs = configs;
    }

    public void run() {
        try (Consumer<String, String> consumer = new KafkaConsumer<>(configs)) { // expect: OL105
            consumer.subscribe(List.of("sales"));
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
                System.out.println(r.value());
            }
        }
    }
}
