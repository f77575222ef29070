package com.acme.offsets;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** Not a checkpoint module itself; network code for those that reference it. */
public class RemoteMirror {
    private final HttpClient client = HttpClient.newHttpClient();

    public void push(String body) throws IOException, InterruptedException {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://mirror/offsets"))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        client.send(req, HttpResponse.BodyHandlers.discarding());
    }
}
