package fixtures.ol201;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * OL201 precision fixture: sends that are not Kafka produces. An HTTP client's sendAsync, a
 * project mailer's send returning a future, and a stream's flush.
 */
public class NotKafka {
    /** A project type with a Kafka-looking method. */
    public interface Mailer {
        CompletableFuture<Void> send(String to, String body);
    }

    private final HttpClient http;
    private final Mailer mailer;
    private final OutputStream out;

    public NotKafka(HttpClient http, Mailer mailer, OutputStream out) {
        this.http = http;
        this.mailer = mailer;
        this.out = out;
    }

    public void notifyAll(String body) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://hooks/orders"))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        http.sendAsync(request, HttpResponse.BodyHandlers.discarding());
        mailer.send("ops@example.com", body);
        out.write(body.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
