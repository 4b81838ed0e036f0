package dev.agentbench.core.internal;

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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The mock in its own JVM: {@code <java> <mock-jvm-args> -cp <harness> <main> --port 0
 * --exit-on-stdin-eof}. Its first line says where it listens; all its output goes to a log file.
 * Its standard input is a pipe held by this JVM, so it exits when this JVM dies, however it dies.
 */
public final class MockProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("agentbench-mock listening on (http://\\S+)");
    private static final int KEPT_LINES = 40;

    /** How long the mock's output may still flow into its log once it is gone. */
    private static final long OUTPUT_WAIT_MILLIS = 2_000;

    private final RunGuard guard;
    private final Process process;
    private final URI baseUrl;
    private final Thread reader;
    private final BoundedLog log;

    private MockProcess(RunGuard guard, Process process, URI baseUrl, Thread reader, BoundedLog log) {
        this.guard = guard;
        this.process = process;
        this.baseUrl = baseUrl;
        this.reader = reader;
        this.log = log;
    }

    /**
     * Starts the mock and waits for its address.
     *
     * @throws IllegalStateException when it exits or stays silent for {@code startTimeout}; the
     *     message holds its output, and the process is gone
     */
    public static MockProcess start(RunGuard guard, Path java, List<String> jvmArgs, String classpath,
            String mainClass, Path logFile, long logLimit, Duration startTimeout) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass);
        command.add("--port");
        command.add("0");
        command.add("--exit-on-stdin-eof");
        BoundedLog log = BoundedLog.create(logFile, logLimit);
        Process process = guard.start(new ProcessBuilder(command).redirectErrorStream(true));
        Deque<String> lines = new ArrayDeque<>();
        CompletableFuture<URI> address = new CompletableFuture<>();
        Thread reader = new Thread(() -> pump(process, log, lines, address), "agentbench-mock-output");
        reader.setDaemon(true);
        reader.start();
        try {
            URI url = address.get(startTimeout.toMillis(), TimeUnit.MILLISECONDS);
            return new MockProcess(guard, process, url, reader, log);
        } catch (TimeoutException | ExecutionException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            Processes.destroyTree(process.toHandle(), 5_000);
            guard.release(process);
            String why = e instanceof TimeoutException
                    ? "did not say where it listens within [" + startTimeout + "]"
                    : e instanceof ExecutionException ? e.getCause().getMessage() : "start was interrupted";
            String output;
            synchronized (lines) {
                output = String.join(System.lineSeparator(), lines);
            }
            throw new IllegalStateException("The mock [" + mainClass + "] " + why + "; its output:"
                    + System.lineSeparator() + (output.isEmpty() ? "(none)" : output));
        }
    }

    private static void pump(Process process, BoundedLog log, Deque<String> lines, CompletableFuture<URI> address) {
        try (BufferedReader in = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                OutputStream out = log.writer()) {
            String line;
            while ((line = in.readLine()) != null) {
                out.write((line + System.lineSeparator()).getBytes(StandardCharsets.UTF_8));
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

    /** Where the mock listens, for example {@code http://127.0.0.1:41234}. */
    public URI baseUrl() {
        return baseUrl;
    }

    /** Closes the mock's standard input, waits briefly for it to exit, then kills what is left. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            process.waitFor(2, TimeUnit.SECONDS);
        } catch (IOException e) {
            // it is killed below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            Processes.destroyTree(process.toHandle(), 5_000);
            guard.release(process);
            try {
                reader.join(OUTPUT_WAIT_MILLIS);
                log.closeWriter();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                System.err.println("agentbench: cannot write the end of the mock's log [" + log.file() + "]: "
                        + e);
            }
        }
    }
}
