package dev.agentbench.api;

/**
 * How the harness measures a {@link Benchmark}: what one iteration is and what the cell reports.
 * A benchmark picks one with {@link Benchmark#kind()}; the harness owns the procedure, so every
 * target is measured by the same code.
 */
public enum BenchmarkKind {

    /**
     * One iteration is one {@link Benchmark#runSession session} per concurrency slot, with fresh
     * ids, timed until all finish. Reports time per iteration, per-turn latency, throughput and
     * allocated bytes per iteration. With {@link #LOAD}, the kinds that expand into {@code _cN} cells.
     */
    SESSIONS,

    /**
     * One iteration is one {@link BenchTarget#open} with the benchmark's tools; the handle is closed
     * outside the timed region. Reports time and allocated bytes per agent built.
     */
    CONSTRUCTION,

    /**
     * Builds a number of agents and keeps them all open, settles the heap with repeated GC, and
     * reports the retained bytes per agent ({@code retainedBytesPerUnit}, unit {@code agent}).
     */
    FOOTPRINT,

    /**
     * Runs a number of sessions one after another, deletes each, settles the heap, and reports the
     * bytes still retained per session ({@code retainedBytesPerUnit}, unit {@code session}); about
     * zero for a framework that lets go of deleted sessions.
     */
    SESSION_GROWTH,

    /**
     * Throughput under a model's latency. {@code concurrency} sessions run at once, each one turn of
     * the script after another, each in a fresh session deleted afterwards, for the warm-up time and
     * then for the measure time, against a mock that holds every reply for the model latency
     * ({@code --model-latency}). Samples are the turns that ended within the timed pass, in
     * nanoseconds; the cell reports turns per second, the ideal (sessions ÷ the model's time per
     * turn), their ratio, the most model calls the mock saw in flight at once, and turn latency less
     * the model's time, as its {@link dev.agentbench.api.result.CellResult#figures() figures}. Expands into
     * {@code _cN} cells like {@link #SESSIONS}.
     */
    LOAD,

    /**
     * Each sample is a fresh JVM that loads the target, builds one agent, answers the script's first
     * turn and exits. Reports milliseconds from launch to agent built and to first reply, and the
     * classes loaded, as {@link dev.agentbench.api.result.CellResult#figures() figures}.
     */
    COLD_START
}
