package com.acme.orders;

import java.util.concurrent.CompletableFuture;

import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Component;

/**
 * A wrapper: it returns the template's future, so the obligation to observe it passes to its
 * callers (judged there, not here).
 */
@Component
public class OrderGateway {
    private final KafkaTemplate<String, String> template;

    public OrderGateway(KafkaTemplate<String, String> template) {
        this.template = template;
    }

    public CompletableFuture<SendResult<String, String>> publish(String id, String json) {
        return template.send("orders", id, json);
    }
}
