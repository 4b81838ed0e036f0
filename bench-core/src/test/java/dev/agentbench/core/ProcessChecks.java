package dev.agentbench.core;

import java.time.Duration;
import java.util.List;

/** Checks that the processes a test started are gone. */
final class ProcessChecks {

    private ProcessChecks() {}

    /** The live descendants of this JVM after waiting up to {@code wait} for them to go. */
    static List<String> awaitNoDescendants(Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        List<String> alive;
        do {
            alive = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                    .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList();
            if (alive.isEmpty()) {
                return alive;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        return alive;
    }
}
