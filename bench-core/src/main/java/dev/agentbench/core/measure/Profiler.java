package dev.agentbench.core.measure;

/**
 * What records a fork's timed pass besides the harness's own clocks: in a profile fork, a profiler
 * ({@link dev.agentbench.core.profile.JfrProfiler}). Every procedure takes one and runs the same
 * code either way: it {@linkplain #start() starts} it after the warm-up, right before the timed pass,
 * {@linkplain #stop() stops} it right after, and when it is {@linkplain #active() active} runs
 * nothing more (no memory pass), the fork's figures being of no use but to say what was recorded.
 * A measured fork has {@link #NONE}.
 */
public interface Profiler {

    /** A measured fork's: records nothing. */
    Profiler NONE = new Profiler() {
        @Override
        public boolean active() {
            return false;
        }

        @Override
        public void start() {}

        @Override
        public void stop() {}
    };

    /**
     * Whether this fork is a profile fork: its timed pass is recorded and nothing follows it. A
     * profile fork's figures are never merged into its cell's, since the profiler's own cost moves them.
     */
    boolean active();

    /** Starts recording: after the warm-up, right before the timed pass. */
    void start();

    /** Stops recording, right after the timed pass (also when the pass failed). */
    void stop();

    /**
     * This profiler and {@code watcher} together: both started before the timed pass and stopped after
     * it, this one's {@link #active()} saying whether the fork is a profile fork. A kind watches its
     * timed pass this way to measure a figure over exactly that pass. A class rather than a lambda,
     * like everything a cold start may load.
     */
    default Profiler and(Profiler watcher) {
        Profiler self = this;
        return new Profiler() {
            @Override
            public boolean active() {
                return self.active();
            }

            @Override
            public void start() {
                watcher.start();
                self.start();
            }

            @Override
            public void stop() {
                self.stop();
                watcher.stop();
            }
        };
    }
}
