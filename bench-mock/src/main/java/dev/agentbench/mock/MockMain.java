package dev.agentbench.mock;

import dev.agentbench.api.script.Script;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The mock as its own JVM:
 *
 * <pre>
 * java -cp CLASSPATH dev.agentbench.mock.MockMain [--port N] [--host H] [--script FILE ...]
 *      [--exit-on-stdin-eof] [--text-chunks N] [--event-loops N] [--max-body-bytes N] [--hang-limit-ms N]
 * </pre>
 *
 * Once listening it prints exactly one line on stdout, {@code agentbench-mock listening on
 * http://HOST:PORT}, and serves until SIGTERM or Ctrl-C (or, with {@code --exit-on-stdin-eof}, until
 * its standard input ends, so it never outlives the process that started it). Bad arguments or
 * script files: one line on stderr and exit code 2; cannot listen: exit code 1.
 */
public final class MockMain {

    /** The line printed once the mock listens, before the base URL. */
    public static final String LISTENING = "agentbench-mock listening on ";
    /** Exit code for bad arguments or script files. */
    public static final int EXIT_USAGE = 2;
    /** Exit code when the server cannot start. */
    public static final int EXIT_START_FAILED = 1;

    private static final String USAGE = "usage: MockMain [--port N] [--host H] [--script FILE ...] "
            + "[--exit-on-stdin-eof] [--text-chunks N] [--event-loops N] [--max-body-bytes N] [--hang-limit-ms N]";

    private MockMain() {}

    public static void main(String[] args) {
        Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("agentbench-mock: " + e.getMessage());
            System.exit(EXIT_USAGE);
            return;
        }
        if (options.help) {
            System.out.println(USAGE);
            return;
        }
        MockServer server;
        try {
            server = MockServer.start(options.config);
        } catch (IllegalStateException e) {
            System.err.println("agentbench-mock: " + e.getMessage());
            System.exit(EXIT_START_FAILED);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "agentbench-mock-shutdown"));
        if (options.exitOnStdinEof) {
            watchStdin(System.in);
        }
        PrintStream out = System.out;
        out.println(LISTENING + server.baseUrl());
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Exits the JVM (running the shutdown hook) once {@code in} reaches end of file. */
    private static void watchStdin(InputStream in) {
        Thread watcher = new Thread(() -> {
            byte[] buffer = new byte[256];
            try {
                while (in.read(buffer) >= 0) {
                    // Discard: the parent only holds the pipe open.
                }
            } catch (IOException e) {
                // A broken pipe is an end of file too.
            }
            System.exit(0);
        }, "agentbench-mock-stdin-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** What the command line asked for. */
    record Options(MockConfig config, boolean exitOnStdinEof, boolean help) {}

    /**
     * Parses the command line; script files are read and validated here.
     *
     * @throws IllegalArgumentException one line naming the option and the value at fault
     */
    static Options parse(String[] args) {
        MockConfig config = MockConfig.defaults();
        List<Script> scripts = new ArrayList<>();
        boolean exitOnEof = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String option = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                option = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            switch (option) {
                case "--help", "-h" -> {
                    return new Options(config, false, true);
                }
                case "--exit-on-stdin-eof" -> {
                    if (value != null) {
                        throw new IllegalArgumentException("Option [--exit-on-stdin-eof] takes no value, was [" + value + "]");
                    }
                    exitOnEof = true;
                }
                case "--port", "--host", "--script", "--text-chunks", "--event-loops", "--max-body-bytes",
                        "--hang-limit-ms" -> {
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            throw new IllegalArgumentException("Option [" + option + "] needs a value");
                        }
                        value = args[++i];
                    }
                    config = apply(config, scripts, option, value);
                }
                default -> throw new IllegalArgumentException("Unknown option [" + arg + "]; " + USAGE);
            }
        }
        return new Options(config.withScripts(scripts), exitOnEof, false);
    }

    private static MockConfig apply(MockConfig config, List<Script> scripts, String option, String value) {
        try {
            return switch (option) {
                case "--port" -> config.withPort(integer(option, value));
                case "--host" -> config.withHost(value);
                case "--text-chunks" -> config.withTextChunks(integer(option, value));
                case "--event-loops" -> config.withEventLoops(integer(option, value));
                case "--max-body-bytes" -> config.withMaxBodyBytes(integer(option, value));
                case "--hang-limit-ms" -> config.withHangLimit(Duration.ofMillis(integer(option, value)));
                case "--script" -> {
                    Script script = ScriptJson.read(Path.of(value));
                    if (scripts.stream().anyMatch(s -> s.name().equals(script.name()))) {
                        throw new IllegalArgumentException("Script name [" + script.name() + "] of file [" + value
                                + "] is already taken by another --script file");
                    }
                    scripts.add(script);
                    yield config;
                }
                default -> throw new IllegalStateException("Unhandled option [" + option + "]");
            };
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("Option [")) {
                throw e;
            }
            throw new IllegalArgumentException("Option [" + option + "] value [" + value + "]: " + e.getMessage(), e);
        }
    }

    private static int integer(String option, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Option [" + option + "] needs a whole number, was [" + value + "]");
        }
    }
}
