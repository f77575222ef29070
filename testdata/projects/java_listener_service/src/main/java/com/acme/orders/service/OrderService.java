package com.acme.orders.service;

/** Declared here, implemented once (service.impl): names nothing of Kafka. */
public interface OrderService {
    void process(String order);

    void audit(String order);
}
