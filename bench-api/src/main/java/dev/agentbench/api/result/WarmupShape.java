package dev.agentbench.api.result;

/**
 * The shape of one fork's whole series of window medians (warm-up, then timed pass), found by
 * changepoint analysis, in the terms of Barrett et al., "Virtual Machine Warmup Blows Hot and Cold"
 * (OOPSLA 2017). {@link #FLAT}, {@link #WARMUP} and {@link #SLOWDOWN} each reached a steady state
 * that holds the whole timed pass (a slowdown's is slower than an earlier stretch, which is worth
 * knowing but is what a long-running service gets); {@link #NO_STEADY_STATE} did not.
 */
public enum WarmupShape {

    /** No change beyond the tolerance anywhere in the series: the fork was as fast from the start. */
    FLAT,
    /** The series changed, and its last segment, which holds the whole timed pass, is its fastest. */
    WARMUP,
    /**
     * The series changed, and its last segment, which holds the whole timed pass, is slower than an
     * earlier one: a steady state, but not the fastest the fork ever was.
     */
    SLOWDOWN,
    /** A change falls inside the timed pass: the fork had not settled when timing started. */
    NO_STEADY_STATE;

    /** Whether the timed pass lies in one steady segment: every shape but {@link #NO_STEADY_STATE}. */
    public boolean settled() {
        return this != NO_STEADY_STATE;
    }
}
