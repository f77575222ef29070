package com.acme.audit;

import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;

public class PlainAndSpringSends {
    private final Producer<String, String> producer;
    private final KafkaTemplate<String, String> template;

    PlainAndSpringSends(Producer<String, String> producer, KafkaTemplate<String, String> template) {
        this.producer = producer;
        this.template = template;
    }

    void flagged(String key, String json) {
        producer.send(new ProducerRecord<>("audit", key, json)); // expect: OL201
        producer.send(new ProducerRecord<>("audit", key, json), null); // expect: OL201
        template.send("audit", key, json); // expect: OL201
    }

    void confirmed(String key, String json, OutputStream out) throws Exception {
        producer.send(new ProducerRecord<>("audit", key, json)).get();
        producer.send(new ProducerRecord<>("audit", key, json), (md, ex) -> {
            if (ex != null) {
                throw new IllegalStateException(ex);
            }
        });
        template.send("audit", key, json).whenComplete((r, ex) -> {
            if (ex != null) {
                alarm(ex);
            }
        });
        CompletableFuture<SendResult<String, String>> f = template.send("audit", json);
        f.join();
        out.flush();
    }

    void alarm(Throwable t) {}
}
