package com.acme.orders.listener;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;

import com.acme.orders.service.OrderService;

/** The listener holds the service by its interface; the container commits each record the
 *  listener returns from, whatever the service did with it. */
public class OrderListener {
    private final OrderService service;

    public OrderListener(OrderService service) {
        this.service = service;
    }

    @KafkaListener(topics = "orders")
    public void listen(ConsumerRecord<String, String> record) {
        service.process(record.value());
    }
}
