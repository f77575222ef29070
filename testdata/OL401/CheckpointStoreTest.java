package fixtures.ol401;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;

import org.junit.jupiter.api.Test;

/** OL401 precision fixture: a test of the checkpoint feature may talk to a server. */
class CheckpointStoreTest {
    @Test
    void clientBuilds() {
        HttpClient client = HttpClient.newHttpClient();
        assertTrue(client.version() != null);
    }
}
