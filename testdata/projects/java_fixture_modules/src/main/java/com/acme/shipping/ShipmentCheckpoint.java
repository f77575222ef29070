package com.acme.shipping;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A checkpoint module: a fixture generator must not import it either. */
public class ShipmentCheckpoint {
    private final Path file;

    public ShipmentCheckpoint(Path file) {
        this.file = file;
    }

    public void save(long offset) throws IOException {
        Files.writeString(file, Long.toString(offset));
    }
}
