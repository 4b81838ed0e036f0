package dev.agentbench.testkit;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.agentbench.api.script.Script;
import dev.agentbench.mockclient.MockAdmin;
import dev.agentbench.mockclient.MockJvm;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The real mock in a JVM of its own, started from the mock's standalone jar
 * ({@code dev.agentbench:bench-mock}, classifier {@code standalone}), so that nothing of the mock
 * (Vert.x, Netty, its Jackson) is loaded in the JVM of the tests: it listens on a free loopback port,
 * and scripts are registered through its admin API. Start one per test class and close it after.
 *
 * <p>Starting, the address, the admin calls and stopping are bench-core's own ({@code
 * dev.agentbench:bench-mock-client}, which a run uses to start its mock too, and which brings
 * nothing but Jackson); this class adds the kit's JVM options, timeouts, log file and messages.
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
    static final String MAIN_CLASS = MockJvm.MAIN_CLASS;

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final long STOP_WAIT_SECONDS = 5;
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);
    /** One client for every mock of the JVM: its selector thread is a daemon, and the JDK 17 client has no close. */
    private static final HttpClient HTTP = MockAdmin.client(ADMIN_TIMEOUT);

    /**
     * The mock's JVM options: a test class's mock serves a few hundred requests, so the quickest
     * start (client compiler only, the serial collector) matters more than peak speed.
     */
    private static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private final MockJvm jvm;
    private final MockAdmin admin;
    private final Path log;

    private MockProcess(MockJvm jvm, Path log) {
        this.jvm = jvm;
        this.admin = new MockAdmin(HTTP, jvm.baseUrl(), ADMIN_TIMEOUT);
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
        MockJvm.Launch launch = new MockJvm.Launch(javaExecutable(), JVM_OPTIONS, jar.toString(), MAIN_CLASS,
                START_TIMEOUT, Duration.ofSeconds(STOP_WAIT_SECONDS));
        try {
            return new MockProcess(MockJvm.start(launch, Reaper.OWNER, new FileOutputStream(log.toFile(), true)), log);
        } catch (MockJvm.StartFailure e) {
            throw new IllegalStateException("The mock " + e.reason() + "; its log [" + log + "]:"
                    + System.lineSeparator() + Logs.read(log), e);
        }
    }

    /** The {@code java} launcher of the running JVM. */
    private static Path javaExecutable() {
        boolean windows = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows");
        return Path.of(System.getProperty("java.home"), "bin", windows ? "java.exe" : "java");
    }

    /** Where the mock listens, for example {@code http://127.0.0.1:41234}. */
    public String baseUrl() {
        return admin.base();
    }

    /** The OpenAI-compatible base URL that serves the script registered as {@code script}. */
    public String baseUrl(String script) {
        return admin.scriptUrl(script).toString();
    }

    /**
     * Registers {@code script} under its name, replacing a script of that name.
     *
     * @throws IllegalArgumentException when the mock rejects the script (the message is the mock's)
     * @throws UncheckedIOException when the mock cannot be reached; the message says whether its
     *     process is still running and where its log is
     */
    public void register(Script script) {
        try {
            admin.register(script);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Script [" + script.name() + "] cannot be written as JSON: " + e, e);
        } catch (MockAdmin.Refused e) {
            throw new IllegalArgumentException("The mock refused script [" + script.name() + "] with HTTP "
                    + e.status() + ": " + e.body(), e);
        } catch (IOException e) {
            throw unreachable(e);
        }
    }

    /** Removes the script registered as {@code name}; {@code false} if there was none. */
    public boolean unregister(String name) {
        try {
            admin.unregister(name);
            return true;
        } catch (MockAdmin.Refused e) {
            return false;
        } catch (IOException e) {
            throw unreachable(e);
        }
    }

    /** The mock did not answer, or the call was interrupted: what the mock's process is doing. */
    private RuntimeException unreachable(IOException e) {
        if (e instanceof java.io.InterruptedIOException) {
            return new IllegalStateException(e.getMessage(), e);
        }
        return new UncheckedIOException(e.getMessage() + "; " + describe(), e);
    }

    /** The mock's output: the line saying where it listens, then anything it printed. */
    public Path log() {
        return log;
    }

    /** The process id of the mock's JVM. */
    public long pid() {
        return jvm.process().pid();
    }

    /** Whether the mock's process is running; what its log holds, and where. */
    String describe() {
        Process process = jvm.process();
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
        jvm.close();
        Process process = jvm.process();
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8).strip();
            if (MockJvm.LISTENING.matcher(text).matches() && !process.isAlive() && process.exitValue() == 0) {
                Files.deleteIfExists(log);
            }
        } catch (IOException e) {
            // The log stays where it is.
        }
    }

    /** The mocks still running, ended by one shutdown hook when the JVM exits. */
    private static final class Reaper {

        private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

        /** Starts a mock and remembers it until it is ended: terminated, then killed if it stays. */
        static final MockJvm.Owner OWNER = new MockJvm.Owner() {
            @Override
            public Process start(ProcessBuilder builder) throws IOException {
                Process process = builder.start();
                RUNNING.add(process);
                return process;
            }

            @Override
            public void release(Process process) {
                try {
                    if (process.isAlive()) {
                        process.destroy();
                        if (!process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                            process.destroyForcibly().waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    process.destroyForcibly();
                } finally {
                    RUNNING.remove(process);
                }
            }
        };

        static {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Process::destroy),
                    "agentbench-testkit-mock-reaper"));
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
