package fixtures.ol102;

import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * OL102 precision fixture: JDBC's {@code commit()} in a catch or finally, a project
 * acknowledger named like Spring's, and {@code OutputStream.flush()} are not Kafka commits.
 */
public class NotKafka {
    /** A project type, not {@code org.springframework.kafka.support.Acknowledgment}. */
    public interface Acknowledgment {
        void acknowledge();
    }

    private final Connection connection;
    private final OutputStream out;

    public NotKafka(Connection connection, OutputStream out) {
        this.connection = connection;
        this.out = out;
    }

    public void write(byte[] row, Acknowledgment ack) throws SQLException, IOException {
        try {
            out.write(row);
        } catch (IOException e) {
            connection.commit();
            ack.acknowledge();
        } finally {
            out.flush();
            connection.commit();
        }
    }
}
