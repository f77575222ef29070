package com.acme.offsets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A checkpoint module that reaches network code through a class of its own package, with no
 * import: the first reference is reported.
 */
public class WatermarkStore {
    private final Path file;
    private final RemoteMirror mirror; // expect-gap: OL401 a same-package class referenced without an import is not an OL401 edge yet

    public WatermarkStore(Path file, RemoteMirror mirror) {
        this.file = file;
        this.mirror = mirror;
    }

    public void advance(long offset) throws IOException, InterruptedException {
        Files.writeString(file, Long.toString(offset));
        mirror.push(Long.toString(offset));
    }
}
