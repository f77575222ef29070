package fixtures.ol401;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;

import javax.net.ssl.*; // expect: OL401

import static java.net.http.HttpClient.newHttpClient; // expect: OL401

/**
 * OL401 fixture: {@code *Watermark*} is a checkpoint module too. On-demand and static imports
 * of network packages are reported like single-type ones, and so is a fully qualified name
 * in code, where it is used.
 */
public class WatermarkTracker {
    private final ConcurrentHashMap<String, Long> marks = new ConcurrentHashMap<>();
    private final Path file;

    public WatermarkTracker(Path file) {
        this.file = file;
    }

    public void advance(String partition, long offset) throws IOException {
        marks.merge(partition, offset, Math::max);
        Files.writeString(file, marks.toString());
    }

    public boolean secure(URI endpoint) throws IOException {
        SSLContext ctx;
        try {
            ctx = SSLContext.getDefault();
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IOException(e);
        }
        return ctx != null && newHttpClient() != null && endpoint.getScheme().equals("https");
    }

    public long remoteMark(String endpoint) throws IOException {
        java.net.URLConnection c = new java.net.URL(endpoint).openConnection(); // expect-gap: OL401 a fully qualified name in code is not an OL401 edge yet
        return c.getContentLengthLong();
    }
}
