package fixtures.ol103;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * OL103 fixture (spring-kafka): the listener hands the record to a method that hands it on to
 * another, whose handler swallows the failure: the listener returns normally and the container
 * commits the failed record. A method two calls from the listener counts as one called
 * directly; one that rethrows is clean.
 */
@Component
public class NestedHelperSwallow {
    private static final Logger log = LoggerFactory.getLogger(NestedHelperSwallow.class);

    /** Where the record's effect goes. */
    public interface Store {
        void upsert(String value);
    }

    private final Store store;

    public NestedHelperSwallow(Store store) {
        this.store = store;
    }

    @KafkaListener(topics = "activity", groupId = "activity")
    public void onActivity(String v) {
        route(v, "today");
    }

    private void route(String v, String day) {
        if ("today".equals(day)) {
            insert(v);
        }
    }

    private void insert(String v) {
        try {
            store.upsert(v);
        } catch (Exception e) { // expect: OL103
            log.error("upsert failed", e);
        }
    }

    // ---- correct twin ----

    @KafkaListener(topics = "activity-strict", groupId = "activity")
    public void onActivityStrict(String v) {
        routeStrict(v);
    }

    private void routeStrict(String v) {
        insertStrict(v);
    }

    private void insertStrict(String v) {
        try {
            store.upsert(v);
        } catch (RuntimeException e) {
            log.error("upsert failed", e);
            throw e;
        }
    }
}
