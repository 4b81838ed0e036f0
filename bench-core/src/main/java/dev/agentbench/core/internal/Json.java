package dev.agentbench.core.internal;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.agentbench.api.result.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The one JSON mapper of result files: indented, tolerant of fields added by later versions. */
public final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private Json() {}

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Writes {@code value} as JSON to {@code file} atomically. */
    public static void write(Path file, Object value) throws IOException {
        AtomicFiles.write(file, MAPPER.writeValueAsBytes(value));
    }

    public static <T> T read(Path file, Class<T> type) throws IOException {
        return MAPPER.readValue(Files.readAllBytes(file), type);
    }
}
