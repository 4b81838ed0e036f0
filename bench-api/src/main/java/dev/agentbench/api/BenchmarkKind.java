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
     * allocated bytes per iteration. The only kind that expands into {@code _cN} cells.
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
     * Each sample is a fresh JVM that loads the target, builds one agent, answers the script's first
     * turn and exits. Reports milliseconds from launch to agent built and to first reply, and the
     * classes loaded, as {@link dev.agentbench.api.result.CellResult#metrics() metrics}.
     */
    COLD_START
}
