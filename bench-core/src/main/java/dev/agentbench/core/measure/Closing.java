package dev.agentbench.core.measure;

import dev.agentbench.api.TargetHandle;
import dev.agentbench.core.Defaults;
import java.time.Duration;
import java.util.List;

/**
 * How closing agents went, when it was bounded: {@link #close} closes them one after another on a
 * daemon thread of their own and waits for that thread at most a bound, all of them together. A close
 * that does not return in time is abandoned on that thread, which never keeps the JVM alive.
 *
 * <p>No lambda and no method reference here: a cold start closes its agent through this class.
 *
 * @param returned whether every close returned within the bound
 * @param failure the first exception or error a close threw, the others suppressed in it; {@code null}
 *     when none did (or when a close did not return)
 * @param failed how many closes threw
 * @param stuckAt where the closing thread was when the bound ran out; empty when it returned
 * @param bound how long the closes were waited for
 */
public record Closing(boolean returned, Throwable failure, int failed, List<StackTraceElement> stuckAt,
        Duration bound) {

    /** Nothing to close, or every close returned, within {@link Defaults#CLOSE_TIMEOUT}. */
    public static final Closing CLOSED = new Closing(true, null, 0, List.of(), Defaults.CLOSE_TIMEOUT);

    /** The prefix of the warning of a close that threw after a complete measurement. */
    public static final String FAILED_PREFIX = "close() failed: ";

    public Closing {
        stuckAt = stuckAt == null ? List.of() : List.copyOf(stuckAt);
    }

    /**
     * Closes {@code handles} in order on a daemon thread and waits at most {@code bound} for all of
     * them; a close that throws does not stop the others.
     */
    public static Closing close(List<TargetHandle> handles, Duration bound) {
        if (handles.isEmpty()) {
            return new Closing(true, null, 0, List.of(), bound);
        }
        CloseThread thread = new CloseThread(handles);
        thread.start();
        try {
            thread.join(Math.max(1, bound.toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            return new Closing(false, null, thread.failed, List.of(thread.getStackTrace()), bound);
        }
        return new Closing(true, thread.failure, thread.failed, List.of(), bound);
    }

    /** {@code close() did not return in 10 s}, for a bound of 10 s. */
    public static String didNotReturn(Duration bound) {
        return "close() did not return in " + seconds(bound);
    }

    /** {@code 10 s}, or {@code 250 ms} for a bound of less than whole seconds. */
    static String seconds(Duration bound) {
        return bound.toMillis() % 1000 == 0 ? bound.toSeconds() + " s" : bound.toMillis() + " ms";
    }

    /** Whether every close returned and none threw. */
    public boolean clean() {
        return returned && failure == null;
    }

    /**
     * What an OK cell says about it: {@code close() did not return in 10 s}, or {@code close() failed:
     * <exception>} (with how many more agents failed, when several did); {@code null} when it was clean.
     */
    public String warning() {
        if (!returned) {
            return didNotReturn(bound);
        }
        if (failure == null) {
            return null;
        }
        return FAILED_PREFIX + IterationFailedException.describe(failure)
                + (failed > 1 ? " (and " + (failed - 1) + " more agents)" : "");
    }

    /** Closes each handle, keeping the first failure with the others suppressed. */
    private static final class CloseThread extends Thread {
        private final List<TargetHandle> handles;
        private volatile Throwable failure;
        private volatile int failed;

        CloseThread(List<TargetHandle> handles) {
            super("agentbench-close");
            this.handles = handles;
            setDaemon(true);
        }

        @Override
        public void run() {
            for (TargetHandle handle : handles) {
                try {
                    handle.close();
                } catch (Throwable t) {
                    failed++;
                    Throwable first = failure;
                    if (first == null) {
                        failure = t;
                    } else if (first != t) {
                        first.addSuppressed(t);
                    }
                }
            }
        }
    }
}
