package fixtures.ol403;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient; // expect-gap: OL403 declared boundaries do not match Java packages yet
import java.net.http.HttpRequest; // expect-gap: OL403 declared boundaries do not match Java packages yet
import java.net.http.HttpResponse; // expect-gap: OL403 declared boundaries do not match Java packages yet
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * OL403 fixture: the boundary "ledger-offline" of the offsetlint.toml next to this file
 * forbids java.net (but allows java.net.URI) in ledger files; its glob {@code *ledger*}
 * matches this file name (globs are case-sensitive).
 */
public class SubledgerExport {
    private final HttpClient client;
    private final Path out;

    public SubledgerExport(HttpClient client, Path out) {
        this.client = client;
        this.out = out;
    }

    public void export(String entry) throws IOException, InterruptedException {
        Files.writeString(out, entry);
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://audit/ledger"))
                .POST(HttpRequest.BodyPublishers.ofString(entry))
                .build();
        client.send(request, HttpResponse.BodyHandlers.discarding());
    }
}
