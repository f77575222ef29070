package fixtures.ol104;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * OL104 precision fixture: a JDBC transaction committed before the next statement is not a
 * Kafka commit, even inside a loop over rows.
 */
public class NotKafka {
    private final Connection connection;

    public NotKafka(Connection connection) {
        this.connection = connection;
    }

    public void copy(ResultSet rows) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("insert into archive values (?)")) {
            while (rows.next()) {
                connection.commit();
                insert.setString(1, rows.getString(1));
                insert.executeUpdate();
            }
        }
    }
}
