package dev.agentbench.mock.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The one Jackson factory and mapper of the mock, and a helper that writes JSON to bytes. */
public final class Json {

    /** Thread-safe; shared by every parser and generator of the mock. */
    public static final ObjectMapper MAPPER = new ObjectMapper();
    public static final JsonFactory FACTORY = MAPPER.getFactory();

    private Json() {}

    /** What writes one JSON document with a generator. */
    @FunctionalInterface
    public interface Writer {
        void write(JsonGenerator generator) throws IOException;
    }

    /** The compact UTF-8 bytes of the document {@code writer} writes. */
    public static byte[] bytes(Writer writer) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator generator = FACTORY.createGenerator(out)) {
            writer.write(generator);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write JSON", e);
        }
        return out.toByteArray();
    }
}
