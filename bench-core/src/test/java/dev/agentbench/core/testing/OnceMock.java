package dev.agentbench.core.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A mock that starts once per test JVM: the first start leaves a marker ({@link #marker}) and runs
 * as {@link FakeMock}; every later one prints why and exits with 1 before saying where it listens,
 * as a mock whose port or class path went away would. A test deletes the marker before and after.
 */
public final class OnceMock {

    private OnceMock() {}

    /** The marker of the JVM {@code owner} (the test JVM, the parent of the run's mock). */
    public static Path marker(long owner) {
        return Path.of(System.getProperty("java.io.tmpdir"), "agentbench-once-mock-" + owner);
    }

    public static void main(String[] args) throws IOException {
        long owner = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(0L);
        try {
            Files.createFile(marker(owner));
        } catch (java.nio.file.FileAlreadyExistsException e) {
            System.out.println("once mock: started before in this run, refusing to start again");
            System.exit(1);
        }
        FakeMock.main(args);
    }
}
