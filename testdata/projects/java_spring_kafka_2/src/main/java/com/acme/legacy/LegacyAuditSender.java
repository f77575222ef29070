package com.acme.legacy;

import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Service;
import org.springframework.util.concurrent.ListenableFuture;

/**
 * OL201 on spring-kafka 2.x: KafkaTemplate.send returns a ListenableFuture. Dropped, or kept
 * and never read, nobody sees a failed send; addCallback with a failure callback, get() and
 * completable() observe it.
 */
@Service
public class LegacyAuditSender {
    /** Raised on a failed send. */
    public interface Alarm {
        void raise(Throwable failure);
    }

    private final KafkaTemplate<String, String> template;
    private final Alarm alarm;

    public LegacyAuditSender(KafkaTemplate<String, String> template, Alarm alarm) {
        this.template = template;
        this.alarm = alarm;
    }

    public void audit(String key, String json) {
        template.send("audit", key, json); // expect: OL201
    }

    public void auditKept(String json) {
        ListenableFuture<SendResult<String, String>> sent = template.send("audit", json); // expect: OL201
        System.out.println("queued " + json.length());
    }

    // ---- correct twins ----

    public void auditWithCallback(String json) {
        template.send("audit", json).addCallback(r -> System.out.println("sent"), alarm::raise);
    }

    public void auditAwaited(String json) throws Exception {
        template.send("audit", json).get();
    }

    public void auditCompletable(String json) {
        template.send("audit", json).completable().join();
    }
}
