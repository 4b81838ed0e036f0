package dev.agentbench.core.kind;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.script.Script;
import dev.agentbench.core.measure.Agents;
import dev.agentbench.core.measure.PassSettings;
import dev.agentbench.core.measure.Profiler;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * What the child hands a kind to measure one fork. A class rather than a record, like everything a
 * cold start loads.
 */
public final class ChildRun {

    final PlannedCell cell;
    final Benchmark benchmark;
    final Script script;
    final Agents agents;
    final PassSettings settings;
    final LongSupplier clock;
    final Consumer<String> log;
    final Profiler profiler;
    final long enteredMillis;
    final java.net.URI scriptUrl;
    final java.nio.file.Path timeline;
    private final java.util.List<String> warnings = new java.util.ArrayList<>();

    /**
     * @param script the benchmark's script under the name the mock knows it by
     * @param agents the cell's agents: what the kind opens, it keeps or closes through them
     * @param clock the clock of every sample
     * @param log the cell's log
     * @param profiler what records the timed pass in a profile fork; {@link Profiler#NONE} otherwise
     * @param enteredMillis when the child's main method was entered, wall-clock milliseconds; 0 when unknown
     */
    public ChildRun(PlannedCell cell, Benchmark benchmark, Script script, Agents agents, PassSettings settings,
            LongSupplier clock, Consumer<String> log, Profiler profiler, long enteredMillis) {
        this(cell, benchmark, script, agents, settings, clock, log, profiler, enteredMillis, null, null);
    }

    /**
     * @param scriptUrl where the mock serves the script, whose admin API a cell that observes the stream
     *     reads after its timed pass; {@code null} when unknown
     * @param timeline where a cell that observes the stream writes one reply's timeline ({@link
     *     dev.agentbench.api.result.RunLayout#cellStream}); {@code null} for nowhere
     */
    public ChildRun(PlannedCell cell, Benchmark benchmark, Script script, Agents agents, PassSettings settings,
            LongSupplier clock, Consumer<String> log, Profiler profiler, long enteredMillis, java.net.URI scriptUrl,
            java.nio.file.Path timeline) {
        this.scriptUrl = scriptUrl;
        this.timeline = timeline;
        this.cell = cell;
        this.benchmark = benchmark;
        this.script = script;
        this.agents = agents;
        this.settings = settings;
        this.clock = clock;
        this.log = log;
        this.profiler = profiler;
        this.enteredMillis = enteredMillis;
    }

    /** Adds {@code warning} to the fork's OK result: something its figures need said beside them. */
    void warn(String warning) {
        log.accept("warning: " + warning);
        warnings.add(warning);
    }

    /** What the kind warned of, in order. */
    public java.util.List<String> warnings() {
        return java.util.List.copyOf(warnings);
    }
}
