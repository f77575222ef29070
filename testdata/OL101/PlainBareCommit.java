package com.acme.orders;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

public class PlainBareCommit {
    private final KafkaConsumer<String, String> consumer;
    private final List<ConsumerRecord<String, String>> buffer = new ArrayList<>();

    public PlainBareCommit(KafkaConsumer<String, String> consumer) {
        this.consumer = consumer;
    }

    void javadocBatch() {
        while (true) {
            ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
            for (ConsumerRecord<String, String> r : records) {
                buffer.add(r);
            }
            if (buffer.size() >= 200) {
                insertIntoDb(buffer);
                consumer.commitSync(); // expect: OL101
                buffer.clear();
            }
        }
    }

    void asyncForms() {
        consumer.commitAsync(); // expect: OL101
    }

    void exact() {
        Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
            handle(r);
            done.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
        }
        consumer.commitSync(done);
    }

    void notKafka(Consumer<String> sink, java.sql.Connection db) throws Exception {
        sink.accept("x");
        db.commit();
    }

    void insertIntoDb(List<ConsumerRecord<String, String>> rs) {}

    void handle(ConsumerRecord<String, String> r) {}
}
