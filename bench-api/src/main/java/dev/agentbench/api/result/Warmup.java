package dev.agentbench.api.result;

import java.util.List;
import java.util.Objects;

/**
 * How one fork warmed up: in windows, until a trend test found no trend left in the last window
 * medians (after a minimum time) or a cap was reached; and what the whole series looks like.
 *
 * @param nanos how long the warm-up ran: the fork's time to steady state when not {@code capped}
 * @param iterations warm-up iterations, not recorded as samples
 * @param capped whether the warm-up stopped at its cap without finding a steady state; such a fork
 *     is never steady
 * @param shape the shape of the whole series (warm-up and timed windows)
 * @param curve the window medians, warm-up first, then the timed pass cut into windows of about the
 *     same length
 */
public record Warmup(long nanos, int iterations, boolean capped, WarmupShape shape, List<Window> curve) {

    /** What {@link Window#phase()} says of a warm-up window. */
    public static final String WARMUP_PHASE = "warmup";
    /** What {@link Window#phase()} says of a window of the timed pass. */
    public static final String TIMED_PHASE = "timed";

    public Warmup {
        Objects.requireNonNull(shape, "shape");
        curve = curve == null ? List.of() : List.copyOf(curve);
    }

    /** Whether the fork reached a steady state: not capped, and the timed pass in one steady segment. */
    public boolean steady() {
        return !capped && shape.settled();
    }

    /**
     * One window of the series.
     *
     * @param phase {@code warmup} or {@code timed}
     * @param endNanos when the window ended, from the start of the warm-up
     * @param iterations iterations in the window
     * @param median the median iteration time in the window, in nanoseconds
     */
    public record Window(String phase, long endNanos, int iterations, double median) {

        public Window {
            Objects.requireNonNull(phase, "phase");
        }
    }
}
