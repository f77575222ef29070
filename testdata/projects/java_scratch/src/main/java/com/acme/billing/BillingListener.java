package com.acme.billing;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** The production consumer of group "billing". */
@Component
public class BillingListener {
    /** The record's effect. */
    public interface Payments {
        void apply(String payment);
    }

    private final Payments payments;

    public BillingListener(Payments payments) {
        this.payments = payments;
    }

    @KafkaListener(topics = "payments", groupId = "billing")
    public void on(String payment) {
        payments.apply(payment);
    }
}
