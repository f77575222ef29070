package com.acme.tools;

import java.util.List;

/** A fixture module that builds plain data: clean. */
public final class LabelFixtures {
    private LabelFixtures() {
    }

    public static List<String> labels() {
        return List.of("fragile", "express", "returns");
    }
}
