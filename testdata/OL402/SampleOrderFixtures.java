package fixtures.ol402;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

/** OL402 precision fixture: a fixture module that writes JSON and returns is the intended shape. */
public final class SampleOrderFixtures {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SampleOrderFixtures() {
    }

    public static void write(Path dir, int n) throws IOException {
        for (int i = 0; i < n; i++) {
            Files.writeString(dir.resolve("order-" + i + ".json"), JSON.writeValueAsString(Map.of("id", i, "lines", List.of())));
        }
    }
}
