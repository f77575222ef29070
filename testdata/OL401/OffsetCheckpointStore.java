package fixtures.ol401;

import java.io.IOException;
import java.net.InetAddress; // expect: OL401
import java.net.Socket; // expect: OL401
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient; // expect: OL401
import java.net.http.HttpRequest; // expect: OL401
import java.net.http.HttpResponse; // expect: OL401
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Map;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

import dev.langchain4j.model.chat.ChatModel; // expect: OL401

/**
 * OL401 fixture: a checkpoint module (the file name matches {@code *Checkpoint*}, case
 * insensitively) must not reach network code. Each import of it is reported. java.net's value types (URI and its exceptions), Kafka's value
 * types, JDBC and the file system are not network code.
 */
public class OffsetCheckpointStore {
    private final Path dir;
    private final Connection db;
    private final HttpClient mirror;
    private final ChatModel advisor;

    public OffsetCheckpointStore(Path dir, Connection db, HttpClient mirror, ChatModel advisor) {
        this.dir = dir;
        this.db = db;
        this.mirror = mirror;
        this.advisor = advisor;
    }

    public void save(Map<TopicPartition, OffsetAndMetadata> offsets) throws IOException, SQLException {
        try (PreparedStatement st = db.prepareStatement("merge into checkpoints values (?, ?, ?)")) {
            for (Map.Entry<TopicPartition, OffsetAndMetadata> e : offsets.entrySet()) {
                st.setString(1, e.getKey().topic());
                st.setInt(2, e.getKey().partition());
                st.setLong(3, e.getValue().offset());
                st.addBatch();
            }
            st.executeBatch();
        }
        Files.writeString(dir.resolve("offsets.txt"), offsets.toString());
    }

    public void mirror(String body) throws IOException, InterruptedException, URISyntaxException {
        HttpRequest req = HttpRequest.newBuilder(new URI("http://mirror/offsets"))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<Void> rsp = mirror.send(req, HttpResponse.BodyHandlers.discarding());
        if (rsp.statusCode() >= 300 || InetAddress.getLoopbackAddress() == null) {
            throw new IOException("mirror refused: " + rsp.statusCode());
        }
    }

    public boolean reachable(String host, int port) {
        try (Socket s = new Socket(host, port)) {
            return s.isConnected();
        } catch (IOException e) {
            return false;
        }
    }

    public String explain() {
        return advisor.chat("Explain checkpoint lag");
    }
}
