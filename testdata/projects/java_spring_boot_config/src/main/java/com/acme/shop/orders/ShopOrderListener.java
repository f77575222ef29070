package com.acme.shop.orders;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** The production consumer: its group is `spring.kafka.consumer.group-id` (application.yml). */
@Component
public class ShopOrderListener {
    /** The record's effect. */
    public interface Orders {
        void apply(String order);
    }

    private final Orders orders;

    public ShopOrderListener(Orders orders) {
        this.orders = orders;
    }

    @KafkaListener(topics = "orders")
    public void on(String order) {
        orders.apply(order);
    }
}
