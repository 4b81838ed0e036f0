package dev.agentbench.api.result;

/**
 * What a {@link dev.agentbench.api.BenchmarkKind#LOAD LOAD} cell measured: how close a target came to
 * the throughput its sessions would reach if nothing but the model's latency held them back.
 *
 * @param sessions sessions running at once (the cell's concurrency)
 * @param modelLatencyMillis how long the mock held each reply before its first byte (time to first
 *     token when streamed)
 * @param modelMillisPerTurn the model's own time in one turn: the holds of all its model calls, as
 *     the mock scheduled them (the latency of each call, plus its chunk delays when streamed)
 * @param turnsPerSecond turns that ended within the timed pass, per second of it
 * @param idealTurnsPerSecond {@code sessions ÷ modelMillisPerTurn}: every session always waiting on
 *     the model and on nothing else; {@code null} with no model latency (then there is no ideal)
 * @param efficiency {@code turnsPerSecond ÷ idealTurnsPerSecond}, 1 for a framework that adds nothing;
 *     {@code null} with no model latency
 * @param maxInFlight the most model requests the mock had in flight at once for this cell's JVM
 *     (warm-up included); below {@code sessions} means something held model calls back
 * @param p50Millis the median turn latency less {@code modelMillisPerTurn}: the framework's own time
 *     in a turn, queueing included
 * @param p99Millis the 99th percentile turn latency less {@code modelMillisPerTurn}
 * @param mockLateP99Millis the mock's own check: the 99th percentile of how much later than asked its
 *     holds ended; when they ended more than 1% of the hold late on average, the mock, not the target,
 *     fell behind, and the cell carries a warning
 */
public record Load(
        int sessions,
        double modelLatencyMillis,
        double modelMillisPerTurn,
        double turnsPerSecond,
        Double idealTurnsPerSecond,
        Double efficiency,
        int maxInFlight,
        double p50Millis,
        double p99Millis,
        double mockLateP99Millis) {

    public Load {
        if (sessions < 1) {
            throw new IllegalArgumentException("Sessions [" + sessions + "] must be at least 1");
        }
        if (!(modelMillisPerTurn >= 0)) {
            throw new IllegalArgumentException("Model time per turn [" + modelMillisPerTurn + " ms] must not be negative");
        }
    }

    /**
     * The figures of {@code sessions} sessions that ran {@code turnsPerSecond} with the model taking
     * {@code modelMillisPerTurn} of each turn, whose turns took {@code p50Millis} and {@code p99Millis}
     * in all, model included.
     */
    public static Load of(int sessions, double modelLatencyMillis, double modelMillisPerTurn, double turnsPerSecond,
            int maxInFlight, double p50Millis, double p99Millis, double mockLateP99Millis) {
        Double ideal = modelMillisPerTurn > 0 ? sessions * 1000.0 / modelMillisPerTurn : null;
        return new Load(sessions, modelLatencyMillis, modelMillisPerTurn, turnsPerSecond, ideal,
                ideal == null ? null : turnsPerSecond / ideal,
                maxInFlight, p50Millis - modelMillisPerTurn, p99Millis - modelMillisPerTurn, mockLateP99Millis);
    }
}
