package fixtures.ol104;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.stereotype.Component;

/**
 * OL104 fixture (spring-kafka): a container a listener makes anew for each record (a JSON
 * document built from the record and handed to an audit service) holds only that record's
 * data. An acknowledgment leaves it unwritten only when the document was filled before the
 * acknowledgment and is written after it; an early acknowledgment before the document exists,
 * or one after the branch that built and wrote it, is clean.
 */
@Component
public class PerRecordDocuments {
    /** Where audit documents go. */
    public interface Audit {
        void capture(String kind, ObjectNode details);
    }

    /** The record's effect, and the idempotency check. */
    public interface Orders {
        boolean isProcessed(String value);

        boolean post(String value);

        void markProcessed(String value);
    }

    private final ObjectMapper mapper;
    private final Audit audit;
    private final Orders orders;

    public PerRecordDocuments(ObjectMapper mapper, Audit audit, Orders orders) {
        this.mapper = mapper;
        this.audit = audit;
        this.orders = orders;
    }

    /** The document is filled, then the record acknowledged, then the document written. */
    @KafkaListener(topics = "orders-audit-late", groupId = "billing")
    public void auditAfterAck(String v, Acknowledgment ack) {
        orders.post(v);
        ObjectNode details = mapper.createObjectNode();
        details.put("order", v);
        ack.acknowledge(); // expect: OL104
        audit.capture("ORDER_PLACED", details);
    }

    // ---- correct twins ----

    @KafkaListener(topics = "orders", groupId = "billing")
    public void onOrder(String v, Acknowledgment ack) {
        if (orders.isProcessed(v)) {
            ack.acknowledge();
            return;
        }
        if (orders.post(v)) {
            ObjectNode details = mapper.createObjectNode();
            details.put("order", v);
            audit.capture("ORDER_PLACED", details);
        }
        orders.markProcessed(v);
        ack.acknowledge();
    }
}
