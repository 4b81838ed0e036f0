package dev.agentbench.core.measure;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Watches the closes a procedure makes in the middle of its passes (a construction cell closes each
 * agent it builds, outside the timed region; a footprint cell each agent of its warm-up). Such a
 * close runs on the measuring thread, as it always has: handing each one to another thread would add
 * a thread hand-off to every iteration's CPU time. Marking one costs a clock read and a few volatile
 * writes. A daemon thread, started with the first close, looks a few times a second and calls {@link
 * OnHang#hung} once when a close has run longer than the bound: nothing of the cell is measured yet,
 * so the cell can only fail, and it should fail in seconds rather than at its timeout.
 */
public final class CloseWatch {

    /** What to do about a close that did not return within the bound; called on the watch's thread. */
    @FunctionalInterface
    public interface OnHang {
        /**
         * @param stuckAt where the closing thread is
         */
        void hung(List<StackTraceElement> stuckAt);
    }

    /** How often the watch looks at most. */
    private static final long POLL_MILLIS = 250;

    private final long boundNanos;
    private final OnHang onHang;
    private volatile long startedNanos;
    private volatile boolean running;
    private volatile Thread closing;
    private Thread watcher;

    public CloseWatch(Duration bound, OnHang onHang) {
        this.boundNanos = bound.toNanos();
        this.onHang = Objects.requireNonNull(onHang, "onHang");
    }

    /** A close starts on the calling thread. */
    void closing() {
        closing = Thread.currentThread();
        if (watcher == null) {
            watcher = new Thread(this::watch, "agentbench-close-watch");
            watcher.setDaemon(true);
            watcher.start();
        }
        startedNanos = System.nanoTime();
        running = true;
    }

    /** The close of the calling thread returned, or threw. */
    void closed() {
        running = false;
    }

    private void watch() {
        try {
            while (true) {
                long left = POLL_MILLIS * 1_000_000;
                if (running) {
                    long started = startedNanos;
                    long elapsed = System.nanoTime() - started;
                    // still the same close: a later one would have a start of its own, the bound later
                    if (elapsed >= boundNanos && running && startedNanos == started) {
                        onHang.hung(List.of(closing.getStackTrace()));
                        return;
                    }
                    left = Math.min(left, boundNanos - elapsed);
                }
                Thread.sleep(Math.max(1, left / 1_000_000));
            }
        } catch (InterruptedException e) {
            // the JVM is ending
        }
    }
}
