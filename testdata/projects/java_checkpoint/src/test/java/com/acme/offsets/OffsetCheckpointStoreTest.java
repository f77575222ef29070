package com.acme.offsets;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.net.http.HttpClient;

import org.junit.jupiter.api.Test;

/** A test of the checkpoint feature may talk to a server: test roots are not checkpoint modules. */
class OffsetCheckpointStoreTest {
    @Test
    void mirrorClient() {
        assertNotNull(HttpClient.newHttpClient());
    }
}
