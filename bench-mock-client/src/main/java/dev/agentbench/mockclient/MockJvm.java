package dev.agentbench.mockclient;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The mock in a JVM of its own: {@code <java> <jvm-options> -cp <class-path> <main> --port 0
 * --exit-on-stdin-eof}. Its first line says where it listens; everything it prints is copied, line
 * by line, to the output its owner gives. Its standard input is a pipe held by this JVM, so it exits
 * when this JVM dies, however it dies.
 *
 * <p>The owner says how a process is started and how it is ended for good ({@link Owner}): a run
 * starts it through its process guard, the contract kit with a shutdown hook of its own.
 */
public final class MockJvm implements AutoCloseable {

    /** The mock's main class in its own jar and in the harness. */
    public static final String MAIN_CLASS = "dev.agentbench.mock.MockMain";

    /** What the mock prints once it listens (see {@code MockMain}). */
    public static final Pattern LISTENING = Pattern.compile("agentbench-mock listening on (http://\\S+)");

    /** The last lines of output a start failure quotes. */
    private static final int KEPT_LINES = 40;

    /** How long the mock's output may still flow into its log once it is gone. */
    private static final long OUTPUT_WAIT_MILLIS = 2_000;

    /**
     * How the mock is launched.
     *
     * @param java the {@code java} launcher
     * @param jvmOptions options of the mock's JVM
     * @param classpath the mock's class path: the harness, or the mock's standalone jar
     * @param mainClass the mock's main class, {@link #MAIN_CLASS} unless a test replaces it
     * @param startTimeout how long the mock may take to say where it listens
     * @param stopWait how long {@link #close} waits for the mock to end by itself once its standard
     *     input is closed, before the owner ends it
     */
    public record Launch(Path java, List<String> jvmOptions, String classpath, String mainClass,
            Duration startTimeout, Duration stopWait) {

        public Launch {
            jvmOptions = List.copyOf(jvmOptions);
            Objects.requireNonNull(startTimeout, "startTimeout");
            Objects.requireNonNull(stopWait, "stopWait");
        }

        /** The mock's command line. */
        public List<String> command() {
            List<String> command = new ArrayList<>();
            command.add(java.toString());
            command.addAll(jvmOptions);
            command.add("-cp");
            command.add(classpath);
            command.add(mainClass);
            command.add("--port");
            command.add("0");
            command.add("--exit-on-stdin-eof");
            return command;
        }
    }

    /** How the owner starts a process and ends it for good. */
    public interface Owner {

        /** Starts the process {@code builder} describes (its error stream already merged). */
        Process start(ProcessBuilder builder) throws IOException;

        /**
         * Ends {@code process} if it is still running and forgets it; called once, on every path,
         * after the mock was asked to stop (or failed to start).
         */
        void release(Process process);

        /** Starts with {@link ProcessBuilder#start}, and calls {@code release} to end. */
        static Owner of(Consumer<Process> release) {
            return new Owner() {
                @Override
                public Process start(ProcessBuilder builder) throws IOException {
                    return builder.start();
                }

                @Override
                public void release(Process process) {
                    release.accept(process);
                }
            };
        }
    }

    /**
     * The mock exited, stayed silent or was interrupted before it said where it listens; its process
     * is gone. The message is {@code The mock [<main>] <reason>; its output:} and its last lines.
     */
    public static final class StartFailure extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        private final String reason;

        StartFailure(String mainClass, String reason, String output) {
            super("The mock [" + mainClass + "] " + reason + "; its output:" + System.lineSeparator()
                    + (output.isEmpty() ? "(none)" : output));
            this.reason = reason;
        }

        /**
         * Why, for example {@code exited with code [1] before saying where it listens} or {@code
         * did not say where it listens within [PT30S]}.
         */
        public String reason() {
            return reason;
        }
    }

    private final Launch launch;
    private final Owner owner;
    private final Running running;
    private final URI baseUrl;
    private boolean closed;

    private MockJvm(Launch launch, Owner owner, Running running, URI baseUrl) {
        this.launch = launch;
        this.owner = owner;
        this.running = running;
        this.baseUrl = baseUrl;
    }

    /**
     * Starts the mock and waits for its address. Its output goes to {@code output}, which is closed
     * once the output ends, when the mock is closed or failed to start.
     *
     * @throws StartFailure when it exits, or stays silent for the launch's start timeout; the
     *     process is released and its output closed
     * @throws IOException when the process cannot be started; {@code output} is closed
     */
    public static MockJvm start(Launch launch, Owner owner, OutputStream output) throws IOException {
        Process process;
        try {
            process = owner.start(new ProcessBuilder(launch.command()).redirectErrorStream(true));
        } catch (IOException | RuntimeException e) {
            output.close();
            throw e;
        }
        Deque<String> lines = new ArrayDeque<>();
        CompletableFuture<URI> address = new CompletableFuture<>();
        Thread reader = new Thread(() -> pump(process, output, lines, address), "agentbench-mock-output");
        reader.setDaemon(true);
        reader.start();
        Running running = new Running(process, reader, output);
        try {
            URI url = address.get(launch.startTimeout().toMillis(), TimeUnit.MILLISECONDS);
            return new MockJvm(launch, owner, running, url);
        } catch (TimeoutException | ExecutionException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            owner.release(process);
            running.endOutput();
            String why = e instanceof TimeoutException
                    ? "did not say where it listens within [" + launch.startTimeout() + "]"
                    : e instanceof ExecutionException ? e.getCause().getMessage() : "start was interrupted";
            String text;
            synchronized (lines) {
                text = String.join(System.lineSeparator(), lines);
            }
            throw new StartFailure(launch.mainClass(), why, text);
        }
    }

    private static void pump(Process process, OutputStream out, Deque<String> lines, CompletableFuture<URI> address) {
        try (BufferedReader in = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                out) {
            String line;
            while ((line = in.readLine()) != null) {
                out.write((line + System.lineSeparator()).getBytes(StandardCharsets.UTF_8));
                out.flush();
                synchronized (lines) {
                    lines.addLast(line);
                    if (lines.size() > KEPT_LINES) {
                        lines.removeFirst();
                    }
                }
                Matcher matcher = LISTENING.matcher(line);
                if (!address.isDone() && matcher.find()) {
                    address.complete(URI.create(matcher.group(1)));
                }
            }
        } catch (IOException e) {
            address.completeExceptionally(e);
        } finally {
            if (!address.isDone()) {
                String code;
                try {
                    code = Integer.toString(process.waitFor());
                } catch (InterruptedException e) {
                    code = "unknown";
                }
                address.completeExceptionally(new IllegalStateException(
                        "exited with code [" + code + "] before saying where it listens"));
            }
        }
    }

    /** The mock's process, and the thread that copies its output to {@code output}. */
    private record Running(Process process, Thread reader, OutputStream output) {

        /**
         * Waits briefly for the copy of the output to end, then closes the output, which ends it. An
         * interrupted thread waits too (the mock is gone by then, so its output ends at once), and
         * its interrupt status is set again after.
         */
        void endOutput() {
            boolean interrupted = Thread.interrupted();
            try {
                reader.join(OUTPUT_WAIT_MILLIS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
            try {
                output.close();
            } catch (IOException e) {
                System.err.println("agentbench: cannot write the end of the mock's output: " + e);
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** Where the mock listens, for example {@code http://127.0.0.1:41234}. */
    public URI baseUrl() {
        return baseUrl;
    }

    /** The mock's process. */
    public Process process() {
        return running.process();
    }

    /**
     * Ends the mock: closes its standard input, which it answers by stopping, waits up to the
     * launch's stop wait for it to exit, then has the owner end what is left; the output is closed
     * once it has ended. Calling it again does nothing.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            running.process().getOutputStream().close();
            running.process().waitFor(launch.stopWait().toMillis(), TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            // the owner ends it below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            owner.release(running.process());
            running.endOutput();
        }
    }
}
