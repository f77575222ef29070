package com.acme.listen;

import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.dao.DataAccessException;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.Acknowledgment;

public class SpringListeners {
    private final KafkaTemplate<String, String> template;
    private final Repo repo;

    SpringListeners(KafkaTemplate<String, String> template, Repo repo) {
        this.template = template;
        this.repo = repo;
    }

    @KafkaListener(topics = "orders")
    void on(ConsumerRecord<String, String> r, Acknowledgment ack) {
        try {
            repo.save(r.value());
            ack.acknowledge();
        } catch (DataAccessException e) {
            ack.acknowledge(); // expect: OL102
        }
    }

    @KafkaListener(topics = "in")
    void early(String v, Acknowledgment ack) {
        ack.acknowledge(); // expect: OL104
        repo.save(v);
    }

    @KafkaListener(topics = "audit")
    void chain(String v) {
        template.send("audit", v).thenAccept(r -> System.out.println("sent")); // expect: OL201, OL204
    }

    @KafkaListener(topics = "pay")
    public void swallow(String o) {
        try {
            repo.save(o);
        } catch (RuntimeException e) { // expect: OL103
            System.err.println("later");
        }
    }

    @KafkaListener(topics = "pay2")
    public void rethrow(String o) {
        try {
            repo.save(o);
        } catch (RuntimeException e) {
            throw e;
        }
    }

    interface Repo { void save(String v); }
}
