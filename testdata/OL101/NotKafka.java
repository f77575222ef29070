package fixtures.ol101;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * OL101 precision fixture: nothing here is a Kafka consumer. {@code Consumer} is
 * {@code java.util.function.Consumer}; project types with Kafka-looking names and a JDBC
 * connection have {@code commitSync()} / {@code commit()} methods of their own. No name
 * heuristic applies in Java.
 */
public class NotKafka {
    /** A project class, not a Kafka client, whatever its method names. */
    public static class CommitManager {
        public void commitSync() {
        }

        public void commitSync(Map<String, Long> offsets) {
        }

        public void commitAsync() {
        }
    }

    /** A project interface named like a Kafka one. */
    public interface ConsumerManager {
        void commitSync();

        void commitAsync();
    }

    private final Consumer<String> consumer;
    private final CommitManager manager;
    private final ConsumerManager consumers;
    private final Connection connection;

    public NotKafka(Consumer<String> consumer, CommitManager manager, ConsumerManager consumers, Connection connection) {
        this.consumer = consumer;
        this.manager = manager;
        this.consumers = consumers;
        this.connection = connection;
    }

    public void run(List<String> rows) throws SQLException {
        rows.forEach(consumer);
        consumer.accept("done");
        manager.commitSync();
        manager.commitAsync();
        consumers.commitSync();
        consumers.commitAsync();
        try (PreparedStatement st = connection.prepareStatement("insert into rows values (?)")) {
            for (String row : rows) {
                st.setString(1, row);
                st.addBatch();
            }
            st.executeBatch();
        }
        connection.commit();
    }
}
