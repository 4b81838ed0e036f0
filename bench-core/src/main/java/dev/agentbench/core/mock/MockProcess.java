package dev.agentbench.core.mock;

import dev.agentbench.core.host.BoundedLog;
import dev.agentbench.core.host.MockWatch;
import dev.agentbench.core.host.RunGuard;
import dev.agentbench.mockclient.MockJvm;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The run's mock, in its own JVM ({@link MockJvm}, which the contract kit uses too): started through
 * the run's {@link RunGuard}, so that an interruption kills it, with its output in a {@link
 * BoundedLog}. Its standard input is a pipe held by this JVM, so it exits when this JVM dies,
 * however it dies.
 */
public final class MockProcess implements MockWatch, AutoCloseable {

    /** How long the mock may take to end by itself once its standard input is closed. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(2);

    private final MockJvm jvm;
    private final Path logFile;
    private volatile boolean closed;

    private MockProcess(MockJvm jvm, Path logFile) {
        this.jvm = jvm;
        this.logFile = logFile;
    }

    /**
     * Starts the mock and waits for its address.
     *
     * @throws IllegalStateException when it exits or stays silent for {@code startTimeout}; the
     *     message holds its output, and the process is gone
     */
    public static MockProcess start(RunGuard guard, Path java, List<String> jvmArgs, String classpath,
            String mainClass, Path logFile, long logLimit, Duration startTimeout) throws IOException {
        BoundedLog log = BoundedLog.create(logFile, logLimit);
        MockJvm.Owner owner = new MockJvm.Owner() {
            @Override
            public Process start(ProcessBuilder builder) throws IOException {
                return guard.start(builder);
            }

            @Override
            public void release(Process process) {
                guard.release(process);
            }
        };
        MockJvm.Launch launch = new MockJvm.Launch(java, jvmArgs, classpath, mainClass, startTimeout, STOP_WAIT);
        return new MockProcess(MockJvm.start(launch, owner, new LogOutput(log)), logFile);
    }

    /** Where the mock listens, for example {@code http://127.0.0.1:41234}. */
    @Override
    public URI baseUrl() {
        return jvm.baseUrl();
    }

    /** The file the mock's output goes to. */
    @Override
    public Path logFile() {
        return logFile;
    }

    /**
     * How the mock died ({@link ExitStatus#describe}), when it ended by itself: by a signal, or by
     * exiting, before this run closed it; empty while it runs and once it was closed. The JDK learns
     * of a process's end within moments of it, so a run that looks at this between and during its
     * cells notices a death at once.
     */
    @Override
    public Optional<String> death() {
        Process process = jvm.process();
        if (closed || process.isAlive()) {
            return Optional.empty();
        }
        return Optional.of(ExitStatus.describe(process.exitValue()));
    }

    /**
     * As {@link #death()}, after waiting up to {@code wait} for the mock to end: a cell that failed
     * for want of the mock may have seen its death a moment before this JVM learnt of it.
     */
    @Override
    public Optional<String> deathWithin(Duration wait) {
        try {
            jvm.process().onExit().get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // alive still
        }
        return death();
    }

    /** Closes the mock's standard input, waits briefly for it to exit, then kills what is left. */
    @Override
    public void close() {
        closed = true;
        jvm.close();
    }

    /** The log's writer, closed as {@link BoundedLog#closeWriter} does, which an interrupted thread may do too. */
    private static final class LogOutput extends OutputStream {
        private final BoundedLog log;
        private final OutputStream writer;

        LogOutput(BoundedLog log) throws IOException {
            this.log = log;
            this.writer = log.writer();
        }

        @Override
        public void write(int b) throws IOException {
            writer.write(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            writer.write(bytes, offset, length);
        }

        @Override
        public void close() throws IOException {
            log.closeWriter();
        }
    }
}
