package fixtures.ol204;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Component;

import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * OL204 fixture (spring-kafka): a listener's normal return is the container's commit of its
 * input. A listener that sends and returns without waiting (even with a whenComplete
 * callback) commits the input before the broker acknowledged the output: reported at the
 * send. So does dead-letter routing in a catch with an unawaited send, and a dead-letter
 * recoverer told not to fail when its own send fails. A listener that waits, or returns the
 * send's future (acknowledged on completion, spring-kafka 3.2+), is clean.
 */
@Component
public class SpringListenerForward {
    private static final Logger log = LoggerFactory.getLogger(SpringListenerForward.class);

    /** Parsing that can fail on bad input. */
    public interface Enricher {
        String enrich(String value) throws JsonProcessingException;
    }

    private final KafkaTemplate<String, String> template;
    private final Enricher enricher;

    public SpringListenerForward(KafkaTemplate<String, String> template, Enricher enricher) {
        this.template = template;
        this.enricher = enricher;
    }

    private void logResult(SendResult<String, String> result, Throwable ex) {
        if (ex != null) {
            log.error("forward failed", ex);
        }
    }

    @KafkaListener(topics = "in", groupId = "enricher")
    public void forward(String v) throws JsonProcessingException {
        template.send("out", enricher.enrich(v)).whenComplete(this::logResult); // expect: OL204
    }

    @KafkaListener(topics = "in-dlq", groupId = "enricher")
    public void forwardOrDeadLetter(String v) throws Exception {
        try {
            template.send("out", enricher.enrich(v)).get(10, TimeUnit.SECONDS);
        } catch (JsonProcessingException e) {
            // An unawaited DLQ send (java.md §2 (c)): the container commits the record on return.
            template.send("in-dlq.DLT", v); // expect: OL201, OL204
        }
    }

    @Configuration
    public static class ErrorHandling {
        @Bean
        public DefaultErrorHandler errorHandler(KafkaTemplate<Object, Object> template) {
            DeadLetterPublishingRecoverer recoverer = new DeadLetterPublishingRecoverer(template);
            recoverer.setFailIfSendResultIsError(false); // expect-gap: OL204 the DeadLetterPublishingRecoverer configuration form is not built yet
            return new DefaultErrorHandler(recoverer);
        }
    }

    // ---- correct twins ----

    @KafkaListener(topics = "in-wait", groupId = "enricher")
    public void forwardAndWait(String v) throws Exception {
        template.send("out", enricher.enrich(v)).get(10, TimeUnit.SECONDS);
    }

    @KafkaListener(topics = "in-future", groupId = "enricher")
    public CompletableFuture<SendResult<String, String>> forwardReturned(String v) throws JsonProcessingException {
        return template.send("out", enricher.enrich(v));
    }

    @KafkaListener(topics = "in-dlq-wait", groupId = "enricher")
    public void deadLetterAwaited(String v) throws Exception {
        try {
            template.send("out", enricher.enrich(v)).get(10, TimeUnit.SECONDS);
        } catch (JsonProcessingException e) {
            template.send("in-dlq-wait.DLT", v).get(10, TimeUnit.SECONDS);
        }
    }

    @Configuration
    public static class DeadLetters {
        @Bean
        public DefaultErrorHandler deadLetterErrorHandler(KafkaTemplate<Object, Object> template) {
            return new DefaultErrorHandler(new DeadLetterPublishingRecoverer(template));
        }
    }
}
