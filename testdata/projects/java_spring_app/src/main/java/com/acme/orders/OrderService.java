package com.acme.orders;

import java.util.concurrent.TimeUnit;

import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Service;

/**
 * Constructor injection across classes: the template is the bean of KafkaConfig, the gateway
 * a class of the same package (referenced without an import).
 */
@Service
public class OrderService {
    private final KafkaTemplate<String, String> template;
    private final OrderGateway gateway;

    public OrderService(KafkaTemplate<String, String> template, OrderGateway gateway) {
        this.template = template;
        this.gateway = gateway;
    }

    public void place(String id, String json) {
        gateway.publish(id, json); // expect: OL201
        template.send("audit", id, json); // expect: OL201
    }

    public void placeConfirmed(String id, String json) throws Exception {
        gateway.publish(id, json).get(10, TimeUnit.SECONDS);
        template.send("audit", id, json).get(10, TimeUnit.SECONDS);
    }
}
