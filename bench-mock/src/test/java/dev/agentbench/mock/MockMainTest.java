package dev.agentbench.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The mock as its own JVM: arguments, the stdout line, exit on stdin EOF and on SIGTERM. */
class MockMainTest {

    @Test
    void parsesEveryOption(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("hello.json");
        Files.writeString(script, "{\"turns\":[{\"user\":\"hi\",\"steps\":[{\"text\":\"hello\"}]}]}");
        MockMain.Options options = MockMain.parse(new String[] {"--port", "8123", "--host=::1", "--script", script.toString(),
                "--exit-on-stdin-eof", "--text-chunks", "9", "--event-loops=1", "--max-body-bytes", "2048",
                "--hang-limit-ms", "1500"});
        MockConfig config = options.config();
        assertThat(config.port()).isEqualTo(8123);
        assertThat(config.host()).isEqualTo("::1");
        assertThat(config.textChunks()).isEqualTo(9);
        assertThat(config.eventLoops()).isEqualTo(1);
        assertThat(config.maxBodyBytes()).isEqualTo(2048);
        assertThat(config.hangLimit()).isEqualTo(Duration.ofMillis(1500));
        assertThat(config.scripts()).extracting(s -> s.name()).containsExactly("hello");
        assertThat(options.exitOnStdinEof()).isTrue();

        MockConfig defaults = MockMain.parse(new String[0]).config();
        assertThat(defaults.host()).isEqualTo("127.0.0.1");
        assertThat(defaults.port()).isZero();
    }

    @Test
    void badArgumentsNameTheOptionAndValue(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> MockMain.parse(new String[] {"--port", "http"}))
                .hasMessage("Option [--port] needs a whole number, was [http]");
        assertThatThrownBy(() -> MockMain.parse(new String[] {"--port", "70000"}))
                .hasMessage("Option [--port] value [70000]: Port [70000] must be between 0 and 65535");
        assertThatThrownBy(() -> MockMain.parse(new String[] {"--text-chunks"}))
                .hasMessage("Option [--text-chunks] needs a value");
        assertThatThrownBy(() -> MockMain.parse(new String[] {"--prot", "1"})).hasMessageStartingWith("Unknown option [--prot]");
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"turns\":[{\"user\":\"hi\",\"steps\":[{\"text\":\"a\"},{\"text\":\"b\"}]}]}");
        assertThatThrownBy(() -> MockMain.parse(new String[] {"--script", bad.toString()}))
                .hasMessageContaining("Option [--script] value [" + bad + "]")
                .hasMessageContaining("Script file [" + bad + "]: turn 1: Step 1 is a text reply");
    }

    private static Process launch(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), MockMain.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).start();
    }

    @Test
    void printsOneLineThenServesAndExitsWhenStdinCloses(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("hello.json");
        Files.writeString(script, "{\"turns\":[{\"user\":\"hi\",\"steps\":[{\"text\":\"hello\"}]}]}");
        Process process = launch("--script", script.toString(), "--exit-on-stdin-eof");
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            assertThat(line).matches("agentbench-mock listening on http://127\\.0\\.0\\.1:\\d+");
            String baseUrl = line.substring(MockMain.LISTENING.length());
            String reply = MockHttp.post(baseUrl + "/s/hello/v1/chat/completions", MockHttp.chat(null, false, "user")).body();
            assertThat(MockHttp.json(reply).path("choices").get(0).path("message").path("content").asText()).isEqualTo("hello");

            process.getOutputStream().close();
            assertThat(process.waitFor(20, TimeUnit.SECONDS)).as("exits once stdin ends").isTrue();
            assertThat(out.readLine()).as("nothing else on stdout").isNull();
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void stopsOnSigterm() throws Exception {
        Process process = launch();
        try {
            String line = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertThat(line).startsWith(MockMain.LISTENING);
            process.destroy();
            assertThat(process.waitFor(20, TimeUnit.SECONDS)).as("exits on SIGTERM").isTrue();
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void badArgumentsExitWith2AndOneLineOnStderr() throws Exception {
        Process process = launch("--port", "nope");
        try {
            assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).isEqualTo(MockMain.EXIT_USAGE);
            String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(stderr.lines()).containsExactly("agentbench-mock: Option [--port] needs a whole number, was [nope]");
            assertThat(process.getInputStream().readAllBytes()).isEmpty();
        } finally {
            process.destroyForcibly();
        }
    }
}
