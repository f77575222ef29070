package fixtures.ol204;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * OL204 precision fixture: a stream's writes and flush, then a JDBC commit. No Kafka
 * produce, no Kafka commit.
 */
public class NotKafka {
    private final OutputStream out;
    private final Connection connection;

    public NotKafka(OutputStream out, Connection connection) {
        this.out = out;
        this.connection = connection;
    }

    public void export(List<String> rows) throws IOException, SQLException {
        for (String row : rows) {
            out.write(row.getBytes(StandardCharsets.UTF_8));
        }
        out.flush();
        connection.commit();
    }
}
