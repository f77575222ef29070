package com.acme.listen;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

public class PlainCommitOnFailure {
    KafkaConsumer<String, String> consumer;

    void loop() {
        while (true) {
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
                TopicPartition tp = new TopicPartition(r.topic(), r.partition());
                try {
                    handle(r);
                    consumer.commitSync(Map.of(tp, new OffsetAndMetadata(r.offset() + 1)));
                } catch (IOException e) {
                    consumer.commitSync(Map.of(tp, new OffsetAndMetadata(r.offset() + 1))); // expect: OL102
                } catch (NumberFormatException e) {
                    consumer.commitSync(Map.of(tp, new OffsetAndMetadata(r.offset() + 1)));
                }
            }
        }
    }

    void fin(ConsumerRecord<String, String> r) throws IOException {
        TopicPartition tp = new TopicPartition(r.topic(), r.partition());
        try {
            handle(r);
        } finally {
            consumer.commitSync(Map.of(tp, new OffsetAndMetadata(r.offset() + 1))); // expect: OL102
        }
    }

    void handle(ConsumerRecord<String, String> r) throws IOException {}
}
