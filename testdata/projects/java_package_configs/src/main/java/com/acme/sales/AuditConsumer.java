package com.acme.sales;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/** Reads audit records with the configuration its constructor is given (auto-commit off: clean). */
public class AuditConsumer {
    private final Map<String, Object> configs;

    public AuditConsumer(Map<String, Object> configs) {
        this.configs = configs;
    }

    public void run() {
        try (Consumer<String, String> consumer = new KafkaConsumer<>(configs)) {
            consumer.subscribe(List.of("audit"));
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
                System.out.println(r.value());
            }
        }
    }
}
