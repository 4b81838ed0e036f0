package dev.agentbench.testkit;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/** Calls into a target with a time bound, so that a target that hangs fails a check instead of the build. */
final class Calls {

    private Calls() {}

    /**
     * Runs {@code call} on a daemon thread and waits for it at most {@code timeout}.
     *
     * @return what the call returned
     * @throws Exception what the call threw, as it threw it
     * @throws AssertionError when the call did not return in time (it is interrupted)
     */
    static <T> T within(Duration timeout, String what, Callable<T> call) throws Exception {
        ExecutorService executor = Executors.newSingleThreadExecutor(daemonThreads("contract-call"));
        try {
            return await(executor.submit(call), timeout, what);
        } finally {
            executor.shutdownNow();
        }
    }

    /** Waits for {@code future} at most {@code timeout}; its failure is rethrown as the call threw it. */
    static <T> T await(Future<T> future, Duration timeout, String what) throws Exception {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception exception) {
                throw exception;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw e;
        } catch (TimeoutException e) {
            future.cancel(true);
            return fail(what + " did not return within " + timeout.toSeconds() + " s");
        }
    }

    static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
