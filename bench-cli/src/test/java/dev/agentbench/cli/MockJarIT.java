package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agentbench mock} from the packaged jar: serves script files until stopped. */
class MockJarIT {

    @Test
    void servesAScriptFileUntilStopped(@TempDir Path work) throws Exception {
        Path script = work.resolve("hello.json");
        Files.writeString(script, """
                {"turns": [{"user": "hi", "steps": [{"text": "Hello from a file"}]}]}
                """);
        Process mock = new ProcessBuilder(javaExecutable(), "-jar", JarRunner.jar().toString(),
                "mock", "--script", script.toString())
                .redirectErrorStream(true)
                .start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(mock.getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            assertThat(first).startsWith("agentbench mock listening on http://127.0.0.1:");
            String base = first.substring("agentbench mock listening on ".length());
            assertThat(out.readLine()).isEqualTo("  script hello: " + base + "/s/hello/v1");

            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create(base + "/s/hello/v1/chat/completions"))
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}"))
                    .header("Content-Type", "application/json")
                    .timeout(Duration.ofSeconds(10))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).contains("\"content\":\"Hello from a file\"");
        } finally {
            mock.destroy(); // SIGTERM, as Ctrl-C would
            assertThat(mock.waitFor(20, TimeUnit.SECONDS)).as("the mock stops on SIGTERM").isTrue();
        }
    }

    @Test
    void aBadScriptFileIsOneLineNamingTheFileAndExit2(@TempDir Path work) throws Exception {
        Path script = work.resolve("broken.json");
        Files.writeString(script, """
                {"turns": [{"user": "hi", "steps": [{"toolCalls": [{"name": "add", "arguments": {}}]}]}]}
                """);
        JarRunner.Result result = JarRunner.run(work, Duration.ofMinutes(1), "mock", "--script", script.toString());
        assertThat(result.exitCode()).isEqualTo(2);
        List<String> lines = result.err().lines().toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).startsWith("agentbench: Script file [" + script + "]");
        assertThat(result.survivors()).isEmpty();
    }

    private static String javaExecutable() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
