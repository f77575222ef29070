package com.acme.tools;

import java.nio.file.Path;

import com.acme.shipping.ShipmentCheckpoint; // expect: OL402

/** A fixture module that imports a checkpoint module. */
public final class ResumeFixtures {
    private ResumeFixtures() {
    }

    public static void resumeAt(Path dir, long offset) throws Exception {
        new ShipmentCheckpoint(dir.resolve("checkpoint")).save(offset);
    }
}
