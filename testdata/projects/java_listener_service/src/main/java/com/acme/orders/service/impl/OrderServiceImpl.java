package com.acme.orders.service.impl;

import com.acme.orders.service.OrderService;

/** The one implementation, in a file that names nothing of Kafka: reached through the
 *  interface the listener calls, so its handler is judged as the listener's. */
public class OrderServiceImpl implements OrderService {
    @Override
    public void process(String order) {
        try {
            store(order);
        } catch (Exception e) { // expect: OL103
            System.err.println("not stored: " + e);
        }
    }

    @Override
    public void audit(String order) {
        try {
            store(order);
        } catch (Exception e) {
            throw new IllegalStateException("not audited: " + order, e);
        }
    }

    private void store(String order) throws Exception {
        if (order.isEmpty()) {
            throw new Exception("empty order");
        }
    }
}
