package dev.agentbench.core.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.core.measure.PassSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CellSpecTest {

    @Test
    void aSpecWrittenByTheParentIsReadByTheChildAsPropertiesWithTheJdkAlone(@TempDir Path dir) throws Exception {
        CellSpec spec = new CellSpec(dir.toString(), "raw", "turn5", 8, "turn5_c8", 2, false, "http://127.0.0.1:41234/s/turn5/v1",
                Map.of("stream", "true", "path", "C:\\x \"y\""), PassSettings.builder().iterations(2000).warmup(2500)
                        .warmupTime(Duration.ofMillis(5000)).forks(3).build());
        Path file = dir.resolve("turn5_c8.spec.properties");
        spec.write(file);

        assertThat(CellSpec.read(file)).isEqualTo(spec);

        CellSpec profile = new CellSpec(dir.toString(), "raw", "turn5", 8, "turn5_c8", 4, true, "http://127.0.0.1:41234/s/turn5/v1",
                Map.of(), PassSettings.builder().forks(3).profile("jfr").build());
        profile.write(file);
        assertThat(CellSpec.read(file)).isEqualTo(profile);
        assertThat(CellSpec.read(file).passes().profile()).isEqualTo("jfr");
        assertThatThrownBy(() -> new CellSpec(dir.toString(), "raw", "turn5", 8, "turn5_c8", 4, true, "http://x",
                Map.of(), PassSettings.defaults())).hasMessage("A profile fork needs a profiler; the pass settings name none");

        assertThat(Files.readString(file)).contains("passes.profile=jfr").doesNotContain("{");
        assertThat(Files.readAllLines(file).stream().filter(line -> !line.startsWith("#")).toList())
                .as("one line per key, sorted").hasSizeGreaterThan(20).isSorted();

        Files.writeString(file, "runDir=x\n");
        assertThatThrownBy(() -> CellSpec.read(file)).isInstanceOf(java.io.IOException.class)
                .hasMessage("Cell spec [" + file + "] is unreadable: [target] is missing");
        spec.write(file);
        Files.writeString(file, Files.readString(file).replace("passes.forks=3", "passes.forks=three"));
        assertThatThrownBy(() -> CellSpec.read(file)).isInstanceOf(java.io.IOException.class)
                .hasMessage("Cell spec [" + file + "] is unreadable: [passes.forks] cannot be read as int: [three]");
    }

    @Test
    void aSpecCarriesTheCellsParametersInTheirDeclarationOrder(@TempDir Path dir) throws Exception {
        Map<String, String> params = new java.util.LinkedHashMap<>();
        params.put("tokens", "256");
        params.put("stream", "true");
        params.put("delay", "0");
        CellSpec spec = new CellSpec(dir.toString(), "raw", "reply", 1, "reply_tokens=256_stream=true", params, 1,
                false, "http://127.0.0.1:41234/s/reply-tokens-256-stream-true-delay-0/v1", Map.of(),
                PassSettings.defaults());
        Path file = dir.resolve("reply.spec.properties");
        spec.write(file);

        CellSpec read = CellSpec.read(file);
        assertThat(read).isEqualTo(spec);
        assertThat(read.params()).containsExactly(Map.entry("tokens", "256"), Map.entry("stream", "true"),
                Map.entry("delay", "0"));
        assertThat(read.plannedCell().params()).isEqualTo(params);
        assertThat(CellSpec.read(writeWithout(dir)).params()).isEmpty();
    }

    private static Path writeWithout(Path dir) throws Exception {
        Path file = dir.resolve("turn1.spec.properties");
        new CellSpec(dir.toString(), "raw", "turn1", 1, "turn1", 1, false, "http://x", Map.of(), PassSettings.defaults())
                .write(file);
        assertThat(Files.readString(file)).doesNotContain("params");
        return file;
    }
}
