package com.acme.loop;

import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;

public class PlainContinuePastFailure {
    KafkaConsumer<String, String> consumer;

    void run() {
        while (true) {
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
                try {
                    handle(r);
                } catch (Exception e) { // expect: OL103
                    System.err.println("skipping " + r.offset());
                }
            }
            consumer.commitSync(java.util.Map.of());
        }
    }

    void rethrows() {
        while (true) {
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
                try {
                    handle(r);
                } catch (RuntimeException e) {
                    throw e;
                }
            }
        }
    }

    void handle(ConsumerRecord<String, String> r) {}
}
