package dev.agentbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.script.Script;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The mock the kit starts runs in a JVM of its own, serves what is registered, and never outlives its owner. */
class MockProcessTest {

    private static final Duration GONE_WITHIN = Duration.ofSeconds(20);

    @Test
    void servesARegisteredScriptFromAnotherProcessAndIsGoneOnceClosed() throws Exception {
        MockProcess mock = MockProcess.start();
        long pid = mock.pid();
        try {
            assertThat(pid).isNotEqualTo(ProcessHandle.current().pid());
            assertThat(ProcessHandle.of(pid).flatMap(p -> p.info().commandLine()).orElse(""))
                    .contains(MockProcess.MAIN_CLASS, "--exit-on-stdin-eof");
            assertThat(mock.baseUrl()).matches("http://127\\.0\\.0\\.1:\\d+");

            mock.register(Script.singleText("greeting", "Hello?", "Hello from the mock."));
            HttpResponse<String> reply = HttpClient.newHttpClient().send(HttpRequest
                    .newBuilder(URI.create(mock.baseUrl("greeting") + "/chat/completions"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"model\":\"agentbench-mock\",\"messages\":[{\"role\":\"user\",\"content\":\"Hello?\"}]}"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(reply.statusCode()).isEqualTo(200);
            assertThat(reply.body()).contains("\"content\":\"Hello from the mock.\"");

            assertThat(mock.unregister("greeting")).isTrue();
            assertThat(mock.unregister("greeting")).isFalse();
        } finally {
            mock.close();
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).as("the mock's process after close")
                .isNotEqualTo(Optional.of(true));
        assertThat(mock.log()).as("a log holding only the listening line is removed").doesNotExist();
    }

    @Test
    void aMockThatDiedIsNamedWithItsLogInTheFailure() throws Exception {
        MockProcess mock = MockProcess.start();
        try {
            ProcessHandle handle = ProcessHandle.of(mock.pid()).orElseThrow();
            handle.destroyForcibly();
            handle.onExit().get(GONE_WITHIN.toSeconds(), TimeUnit.SECONDS);

            assertThatThrownBy(() -> mock.register(Script.singleText("late", "Hi", "Hi.")))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining("the mock (pid " + mock.pid() + ") has exited with code")
                    .hasMessageContaining("its log [" + mock.log() + "]");
        } finally {
            mock.close();
        }
        assertThat(mock.log()).as("the log of a mock that did not end as asked is kept").exists();
        Files.deleteIfExists(mock.log());
    }

    @Test
    void theMockEndsWhenTheJvmThatStartedItIsKilled() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process owner = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                MockOwner.class.getName()).redirectErrorStream(true).start();
        long mockPid;
        Path log;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(owner.getInputStream(), StandardCharsets.UTF_8))) {
            String line = out.readLine();
            assertThat(line).as("the owner's first line").startsWith(MockOwner.PID_LINE);
            mockPid = Long.parseLong(line.substring(MockOwner.PID_LINE.length()).trim());
            log = Path.of(out.readLine());
            assertThat(ProcessHandle.of(mockPid).map(ProcessHandle::isAlive)).contains(true);

            // SIGKILL: no shutdown hook of the owner runs; only the closed pipe tells the mock.
            owner.destroyForcibly();
            assertThat(owner.waitFor(GONE_WITHIN.toSeconds(), TimeUnit.SECONDS)).isTrue();
        } finally {
            owner.destroyForcibly();
        }
        long deadline = System.nanoTime() + GONE_WITHIN.toNanos();
        while (ProcessHandle.of(mockPid).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Optional<ProcessHandle> left = ProcessHandle.of(mockPid);
        try {
            assertThat(left.map(ProcessHandle::isAlive)).as("the mock after its owner was killed")
                    .isNotEqualTo(Optional.of(true));
        } finally {
            left.ifPresent(ProcessHandle::destroyForcibly);
            Files.deleteIfExists(log);
        }
    }
}
