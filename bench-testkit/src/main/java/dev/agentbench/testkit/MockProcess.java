package dev.agentbench.testkit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.script.Script;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real mock in a JVM of its own, started from the mock's standalone jar
 * ({@code dev.agentbench:bench-mock}, classifier {@code standalone}), so that nothing of the mock
 * (Vert.x, Netty, its Jackson) is loaded in the JVM of the tests: it listens on a free loopback port,
 * and scripts are registered through its admin API. Start one per test class and close it after.
 *
 * <p>The process never outlives its test JVM: {@link #close()} ends it, a shutdown hook ends what is
 * still running when the JVM exits, and the mock ends by itself as soon as its standard input (a
 * pipe held by this JVM) closes, which the operating system does when this JVM dies, however it
 * dies. Its output goes to {@link #log()}; the file is removed by {@link #close()} when the mock
 * printed nothing but the line saying where it listens.
 *
 * <p>Stability: experimental in 0.x.
 */
public final class MockProcess implements AutoCloseable {

    /** The main class the mock's JVM runs. */
    static final String MAIN_CLASS = "dev.agentbench.mock.MockMain";

    /** What the mock prints once it listens (see {@code MockMain}). */
    private static final Pattern LISTENING = Pattern.compile("agentbench-mock listening on (http://\\S+)");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final long STOP_WAIT_SECONDS = 5;
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** One client for every mock of the JVM: its selector thread is a daemon, and the JDK 17 client has no close. */
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(ADMIN_TIMEOUT).build();

    /**
     * The mock's JVM options: a test class's mock serves a few hundred requests, so the quickest
     * start (client compiler only, the serial collector) matters more than peak speed.
     */
    private static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private final Process process;
    private final String baseUrl;
    private final Path log;
    private volatile boolean closed;

    private MockProcess(Process process, String baseUrl, Path log) {
        this.process = process;
        this.baseUrl = baseUrl;
        this.log = log;
    }

    /**
     * Starts the mock with the {@code java} of this JVM and waits until it says where it listens.
     *
     * @throws IllegalStateException when the mock's jar is not on the class path, or the mock exits
     *     or stays silent; the message holds its output and the process is gone
     */
    public static MockProcess start() throws IOException {
        Path jar = MockJar.locate();
        Path log = Logs.create();
        List<String> command = new ArrayList<>();
        command.add(javaExecutable().toString());
        command.addAll(JVM_OPTIONS);
        command.add("-cp");
        command.add(jar.toString());
        command.add(MAIN_CLASS);
        command.add("--port");
        command.add("0");
        command.add("--exit-on-stdin-eof");
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        Reaper.watch(process);
        try {
            return new MockProcess(process, awaitAddress(process, log), log);
        } catch (RuntimeException e) {
            stop(process);
            throw e;
        }
    }

    /** Waits for the line that says where the mock listens. */
    private static String awaitAddress(Process process, Path log) throws IOException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (true) {
            Matcher matcher = LISTENING.matcher(Files.readString(log, StandardCharsets.UTF_8));
            if (matcher.find()) {
                return matcher.group(1);
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("The mock exited with code [" + process.exitValue()
                        + "] before saying where it listens; its log [" + log + "]:" + System.lineSeparator()
                        + Logs.read(log));
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("The mock did not say where it listens within [" + START_TIMEOUT
                        + "]; its log [" + log + "]:" + System.lineSeparator() + Logs.read(log));
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while the mock was starting; its log [" + log + "]", e);
            }
        }
    }

    /** The {@code java} launcher of the running JVM. */
    private static Path javaExecutable() {
        boolean windows = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows");
        return Path.of(System.getProperty("java.home"), "bin", windows ? "java.exe" : "java");
    }

    /** Where the mock listens, for example {@code http://127.0.0.1:41234}. */
    public String baseUrl() {
        return baseUrl;
    }

    /** The OpenAI-compatible base URL that serves the script registered as {@code script}. */
    public String baseUrl(String script) {
        return baseUrl + "/s/" + script + "/v1";
    }

    /**
     * Registers {@code script} under its name, replacing a script of that name.
     *
     * @throws IllegalArgumentException when the mock rejects the script (the message is the mock's)
     * @throws UncheckedIOException when the mock cannot be reached; the message says whether its
     *     process is still running and where its log is
     */
    public void register(Script script) {
        String body;
        try {
            body = JSON.writeValueAsString(script);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Script [" + script.name() + "] cannot be written as JSON: " + e, e);
        }
        HttpResponse<String> response = admin("PUT", script.name(), HttpRequest.BodyPublishers.ofString(body));
        if (response.statusCode() / 100 != 2) {
            throw new IllegalArgumentException("The mock refused script [" + script.name() + "] with HTTP "
                    + response.statusCode() + ": " + response.body());
        }
    }

    /** Removes the script registered as {@code name}; {@code false} if there was none. */
    public boolean unregister(String name) {
        HttpResponse<String> response = admin("DELETE", name, HttpRequest.BodyPublishers.noBody());
        return response.statusCode() / 100 == 2;
    }

    private HttpResponse<String> admin(String method, String name, HttpRequest.BodyPublisher body) {
        URI uri = URI.create(baseUrl + "/admin/scripts/" + name);
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(ADMIN_TIMEOUT)
                .header("Content-Type", "application/json").method(method, body).build();
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(method + " [" + uri + "] failed: " + e + "; " + describe(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(method + " [" + uri + "] was interrupted", e);
        }
    }

    /** The mock's output: the line saying where it listens, then anything it printed. */
    public Path log() {
        return log;
    }

    /** The process id of the mock's JVM. */
    public long pid() {
        return process.pid();
    }

    /** Whether the mock's process is running; what its log holds, and where. */
    String describe() {
        String state = process.isAlive() ? "the mock (pid " + process.pid() + ") is running"
                : "the mock (pid " + process.pid() + ") has exited with code [" + process.exitValue() + "]";
        return state + "; its log [" + log + "]";
    }

    /**
     * Ends the mock: closes its standard input, which it answers by stopping, then, if it is still
     * there after a few seconds, terminates it. Removes its log if it holds nothing but the line
     * saying where the mock listens.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        stop(process);
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8).strip();
            if (LISTENING.matcher(text).matches() && !process.isAlive() && process.exitValue() == 0) {
                Files.deleteIfExists(log);
            }
        } catch (IOException e) {
            // The log stays where it is.
        }
    }

    private static void stop(Process process) {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
                }
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        } finally {
            Reaper.forget(process);
        }
    }

    /** The mocks still running, ended by one shutdown hook when the JVM exits. */
    private static final class Reaper {

        private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

        static {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Process::destroy),
                    "agentbench-testkit-mock-reaper"));
        }

        static void watch(Process process) {
            RUNNING.add(process);
        }

        static void forget(Process process) {
            RUNNING.remove(process);
        }
    }

    /** The mocks' log files. */
    private static final class Logs {

        /** A new log file in {@code <java.io.tmpdir>/agentbench-testkit}, which outlives the test run. */
        static Path create() throws IOException {
            Path dir = Path.of(System.getProperty("java.io.tmpdir"), "agentbench-testkit");
            Files.createDirectories(dir);
            return Files.createTempFile(dir, "mock-", ".log");
        }

        static String read(Path log) {
            try {
                String text = Files.readString(log, StandardCharsets.UTF_8);
                return text.isBlank() ? "(empty)" : text;
            } catch (IOException e) {
                return "(cannot be read: " + e + ")";
            }
        }
    }
}
