package com.acme.orders;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** A listener on the container factory's consumers; its service is injected. */
@Component
public class OrderListener {
    private static final Logger log = LoggerFactory.getLogger(OrderListener.class);

    private final OrderService service;

    public OrderListener(OrderService service) {
        this.service = service;
    }

    @KafkaListener(topics = "incoming-orders", groupId = "orders")
    public void on(String json) {
        try {
            service.placeConfirmed(json.substring(0, 8), json);
        } catch (Exception e) { // expect: OL103
            log.error("order dropped", e);
        }
    }
}
