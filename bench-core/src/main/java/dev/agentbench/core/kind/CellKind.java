package dev.agentbench.core.kind;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.script.Script;
import dev.agentbench.core.measure.Agents;
import dev.agentbench.core.measure.Measurement;
import dev.agentbench.core.measure.PassSettings;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One benchmark kind, the unit of extension of the harness: what the child measures in a fork, what
 * the parent does around each fork, the figures it reports, how its forks' figures merge, and how
 * long one of its cells is guessed to take. Adding a kind is a subclass, its benchmarks and its docs.
 *
 * <p>The figures a kind declares ({@link #figures()}) are the only place their names, units and
 * meanings are written: the reports, {@code summary.json}, {@code jmh-result.json}, {@code compare}
 * and the progress line loop over a cell's {@link Figure figures}.
 */
public abstract class CellKind {

    /** Seconds a child JVM takes to start, load a target and end, for the estimates. */
    static final double JVM_SECONDS = 2.0;

    private final BenchmarkKind id;

    CellKind(BenchmarkKind id) {
        this.id = id;
    }

    /** The kind of {@code kind}. A switch rather than a map of lambdas: a cold start loads this. */
    public static CellKind of(BenchmarkKind kind) {
        return switch (kind) {
            case SESSIONS -> SessionsKind.INSTANCE;
            case CONSTRUCTION -> ConstructionKind.INSTANCE;
            case FOOTPRINT -> FootprintKind.INSTANCE;
            case SESSION_GROWTH -> GrowthKind.INSTANCE;
            case LOAD -> LoadKind.INSTANCE;
            case COLD_START -> ColdStartKind.INSTANCE;
        };
    }

    /** Every kind, in the order of {@link BenchmarkKind}. */
    public static List<CellKind> all() {
        List<CellKind> all = new ArrayList<>();
        for (BenchmarkKind kind : BenchmarkKind.values()) {
            all.add(of(kind));
        }
        return all;
    }

    /** The enum constant benchmarks name this kind by. */
    public final BenchmarkKind id() {
        return id;
    }

    /** The figures this kind reports, in the order the reports show them; empty when only the core figures. */
    public List<Figure.Definition> figures() {
        return List.of();
    }

    /** Whether {@code --concurrency} expands a benchmark of this kind that supports it into {@code _cN} cells. */
    public boolean expandsConcurrency() {
        return false;
    }

    /**
     * Whether each sample of a cell of this kind is a JVM of its own, measured from its launch: the
     * parent runs them one after another in one step, and the child measures without meters or a
     * close watch, which would load classes into the measurement.
     */
    public boolean jvmPerSample() {
        return false;
    }

    /** The child's side: measures one fork, against the script the parent registered. */
    public abstract Measurement measure(ChildRun run) throws Exception;

    /**
     * The parent's side, before each fork's JVM starts: the script it registers with the mock for the
     * fork; {@code script} itself unless the kind changes what the mock does.
     */
    public Script script(Script script, PassSettings passes) {
        return script;
    }

    /**
     * The parent's side, after an OK fork's JVM has ended: the fork's result with what only the parent
     * can add (what the mock counted); {@code fork} itself unless the kind adds something.
     *
     * @throws IOException when the mock cannot be asked
     */
    public CellResult afterFork(CellResult fork, ParentFork context) throws IOException {
        return fork;
    }

    /**
     * The cell's figures from its forks': each figure {@linkplain Figure#combined combined} as it says,
     * in the order the first fork that has it gave it; a kind whose figures derive from others
     * overrides this to derive them again from the merged ones.
     *
     * @param cell the cell the forks measured (its concurrency, for a figure derived from it)
     */
    public List<Figure> merge(PlannedCell cell, List<Fork> forks) {
        Map<String, List<Figure>> byName = new LinkedHashMap<>();
        for (Fork fork : forks) {
            for (Figure figure : fork.figures()) {
                byName.computeIfAbsent(figure.name(), name -> new ArrayList<>()).add(figure);
            }
        }
        List<Figure> merged = new ArrayList<>();
        byName.values().forEach(figures -> merged.add(Figure.combined(figures)));
        return List.copyOf(merged);
    }

    /**
     * What one cell of this kind is guessed to take, in seconds: every fork's JVM, its warm-up (its
     * least plus a quarter of the way to its most) and its timed pass. Only the ratios between cells
     * matter (shards are balanced by them).
     */
    public double cellSeconds(PassSettings passes) {
        if (passes.dryRun()) {
            return JVM_SECONDS;
        }
        double warmup = seconds(passes.warmupTime()) + (seconds(passes.warmupMax()) - seconds(passes.warmupTime())) / 4;
        int forks = passes.forks() + (passes.profiled() ? 1 : 0);
        return forks * (JVM_SECONDS + warmup + timedSeconds(passes));
    }

    /** How long a fork's timed pass is guessed to take, in seconds. */
    double timedSeconds(PassSettings passes) {
        return passes.timeBoxed() ? seconds(passes.measureTime()) : passes.iterations() * 0.01;
    }

    static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }

    /**
     * Opens one agent and runs {@code procedure} with it; keeps the agent open for the child to close
     * once the result is written, or closes it at once when the procedure fails.
     */
    static Measurement withHandle(Agents agents, WithHandle procedure) throws Exception {
        TargetHandle handle = agents.open();
        Measurement measurement;
        try {
            measurement = procedure.measure(handle);
        } catch (Exception | Error e) {
            Agents.closeAfter(handle, e);
            throw e;
        }
        agents.keep(handle);
        return measurement;
    }

    /** A procedure that needs one open agent. */
    @FunctionalInterface
    interface WithHandle {
        Measurement measure(TargetHandle handle) throws Exception;
    }

    @Override
    public String toString() {
        return id().name();
    }
}
