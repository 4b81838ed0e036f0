package dev.agentbench.core.kind;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Figure.Better;
import dev.agentbench.api.result.Figure.Combine;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import dev.agentbench.mockclient.MockAdmin.MockLoad;
import dev.agentbench.core.measure.LoadProcedure;
import dev.agentbench.core.measure.Measurement;
import dev.agentbench.core.measure.PassSettings;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@link BenchmarkKind#LOAD}: throughput under a model's latency (see {@link LoadProcedure}). The
 * parent registers the script with every reply held for the model latency, and after each fork reads
 * what the mock counted (requests in flight, the time it held them, how late); the figures are made
 * from both sides: turns per second against the ideal, the most model calls in flight, and the
 * framework's own time in a turn.
 */
final class LoadKind extends CellKind {

    static final LoadKind INSTANCE = new LoadKind();

    /** The section of every figure of this kind. */
    static final String SECTION = "Throughput under model latency";

    static final Figure.Definition TURNS_PER_SECOND = define("turnsPerSecond", "turns/s", "turns/s", Better.HIGHER,
            Combine.MEDIAN, "turns ended per second by N sessions at once (`load` is N = 1, `load_cN` N sessions), "
                    + "each running turns back to back while the mock holds every reply for the model latency.");
    static final Figure.Definition IDEAL = define("idealTurnsPerSecond", "ideal", "turns/s", Better.NEITHER,
            Combine.MEDIAN, "N ÷ the model's time per turn: every session always waiting on the model and on nothing "
                    + "else.");
    static final Figure.Definition EFFICIENCY = define("efficiency", "efficiency", "", Better.HIGHER, Combine.MEDIAN,
            "turns per second ÷ the ideal: 1 for a framework that adds nothing (a floor target should reach 0.9 or "
                    + "more).");
    static final Figure.Definition MAX_IN_FLIGHT = define("maxInFlight", "in flight", "", Better.NEITHER, Combine.MAX,
            "the most model calls the mock saw in flight at once; below N, something held calls back.");
    static final Figure.Definition P50 = define("p50Millis", "framework p50", "ms", Better.LOWER, Combine.MEDIAN,
            "the framework's own time in a turn at the median: turn latency less the model's time, queueing "
                    + "included.");
    static final Figure.Definition P99 = define("p99Millis", "framework p99", "ms", Better.LOWER, Combine.MEDIAN,
            "the same at the 99th percentile.");
    static final Figure.Definition MODEL_LATENCY = define("modelLatencyMillis", "model latency", "ms", Better.NEITHER,
            Combine.MEDIAN, "how long the mock held each reply before its first byte.");
    static final Figure.Definition MODEL_PER_TURN = define("modelMillisPerTurn", "model time per turn", "ms",
            Better.NEITHER, Combine.MEDIAN, "the holds of a turn's model calls, as the mock scheduled them.");
    static final Figure.Definition MOCK_LATE = define("mockLateP99Millis", "mock late p99", "ms", Better.LOWER,
            Combine.MAX, "how much later than asked the mock's holds ended, at the 99th percentile: the mock's own "
                    + "check.");

    /**
     * When the mock's holds ran this much longer than asked, on average, as a share of the time
     * asked, the cell says so: its efficiency then reads that much low because of the mock, not
     * the target. 1%: 2 ms on a 200 ms hold.
     */
    static final double MOCK_LATE_WARNING_SHARE = 0.01;

    private LoadKind() {
        super(BenchmarkKind.LOAD);
    }

    private static Figure.Definition define(String name, String label, String unit, Better better, Combine combine,
            String description) {
        return new Figure.Definition(name, label, unit, better, combine, SECTION, description);
    }


    @Override
    public List<Figure.Definition> figures() {
        return List.of(TURNS_PER_SECOND, IDEAL, EFFICIENCY, MAX_IN_FLIGHT, P50, P99, MODEL_LATENCY, MODEL_PER_TURN,
                MOCK_LATE);
    }

    @Override
    public boolean expandsConcurrency() {
        return true;
    }

    @Override
    double timedSeconds(PassSettings passes) {
        return super.timedSeconds(passes) * 2; // the window stretches until every session has ended two turns in it
    }

    @Override
    public Measurement measure(ChildRun run) throws Exception {
        return withHandle(run.agents, handle -> LoadProcedure.measure(run.benchmark, handle, run.settings,
                run.cell.concurrency(), run.clock, run.log, run.profiler));
    }

    /**
     * {@code script} with every step held: the model latency before its first byte, the chunk delay
     * before each further streamed chunk. A step that has a fault of its own keeps it, with the delays
     * added.
     */
    @Override
    public Script script(Script script, PassSettings passes) {
        return held(script, passes.modelLatency(), passes.modelChunkDelay());
    }

    static Script held(Script script, Duration latency, Duration chunkDelay) {
        if (latency.isZero() && chunkDelay.isZero()) {
            return script;
        }
        List<ScriptTurn> turns = new ArrayList<>();
        for (ScriptTurn turn : script.turns()) {
            List<Step> steps = new ArrayList<>();
            for (Step step : turn.steps()) {
                Fault fault = step.fault();
                Fault heldFault = fault == null
                        ? new Fault(0, null, 0, latency.toMillis(), chunkDelay.toMillis(), false, false, false)
                        : new Fault(fault.status(), fault.message(), fault.retryAfterSeconds(),
                                fault.delayMs() + latency.toMillis(), fault.chunkDelayMs() + chunkDelay.toMillis(),
                                fault.cutOff(), fault.malformedChunk(), fault.hang());
                steps.add(new Step(step.text(), step.toolCalls(), heldFault, step.chunks()));
            }
            turns.add(new ScriptTurn(turn.user(), steps));
        }
        return new Script(script.name(), turns);
    }

    @Override
    public CellResult afterFork(CellResult fork, ParentFork context) throws IOException {
        if (fork.status() != CellStatus.OK || fork.forksOrSelf().size() != 1) {
            return fork;
        }
        return withFigures(fork, context.mock().load(context.scriptName()), context.passes(),
                LoadProcedure.callsPerTurn(context.script()));
    }

    /**
     * The OK result of one fork of a LOAD cell with its figures: the child's turns per second and turn
     * latency, less the model's time per turn as the mock held it; the mock's most requests in flight
     * and its own lateness. A warning when the mock was late.
     */
    static CellResult withFigures(CellResult fork, MockLoad mock, PassSettings settings, double callsPerTurn) {
        Fork measured = fork.forksOrSelf().get(0);
        if (measured.throughput() == null || measured.turnLatency() == null) {
            return fork; // a dry run's: nothing to make figures of
        }
        int sessions = fork.concurrency();
        double modelMillisPerTurn = mock.heldNanosPerRequest() * callsPerTurn / 1e6;
        double lateP99 = mock.lateP99Micros() / 1000.0;
        double turnsPerSecond = measured.throughput().turnsPerSecond();
        List<Figure> figures = new ArrayList<>();
        figures.add(TURNS_PER_SECOND.of(turnsPerSecond));
        if (modelMillisPerTurn > 0) {
            double ideal = sessions * 1000.0 / modelMillisPerTurn;
            figures.add(IDEAL.of(ideal));
            figures.add(EFFICIENCY.of(turnsPerSecond / ideal));
        }
        figures.add(MAX_IN_FLIGHT.of(mock.maxInFlight()));
        figures.add(P50.of(measured.turnLatency().median() / 1e6 - modelMillisPerTurn));
        figures.add(P99.of(measured.turnLatency().p99() / 1e6 - modelMillisPerTurn));
        figures.add(MODEL_LATENCY.of(settings.modelLatency().toNanos() / 1e6));
        figures.add(MODEL_PER_TURN.of(modelMillisPerTurn));
        figures.add(MOCK_LATE.of(lateP99));
        double heldPerHold = mock.holds() == 0 ? 0 : mock.heldNanos() / (double) mock.holds();
        double lateShare = heldPerHold == 0 ? 0 : mock.lateNanosPerHold() / heldPerHold;
        String warning = lateShare > MOCK_LATE_WARNING_SHARE
                ? String.format(Locale.ROOT, "the mock held replies %.1f ms longer than asked on average (%.1f%% of"
                        + " the hold; 99th percentile %.1f ms, at most %.1f ms): efficiency reads up to that much low"
                        + " because of the mock, not the target", mock.lateNanosPerHold() / 1e6, lateShare * 100,
                        lateP99, mock.lateMaxMicros() / 1000.0)
                : null;
        Fork with = measured.withFigures(figures, warning);
        return new CellResult(fork.format(), fork.target(), fork.benchmark(), fork.concurrency(), fork.name(),
                fork.status(), fork.error(), fork.time(), fork.warmupIterations(), fork.steadyState(), fork.drift(),
                List.of(), fork.logTail(), fork.memory(), fork.throughput(), fork.turnLatency(), fork.jvm(),
                with.figures(), List.of(with), fork.cpu(), with.warnings(), fork.params());
    }

    /**
     * The cell's figures over its forks, every JVM counting alike: each as it combines (the median of
     * turns per second, model time and latencies; the most requests in flight and the latest mock of
     * any); the ideal and the efficiency derived again from those medians.
     */
    @Override
    public List<Figure> merge(PlannedCell cell, List<Fork> forks) {
        List<Figure> merged = new ArrayList<>(super.merge(cell, forks));
        Figure turns = Figure.find(merged, TURNS_PER_SECOND.name());
        Figure model = Figure.find(merged, MODEL_PER_TURN.name());
        Figure ideal = Figure.find(merged, IDEAL.name());
        Figure efficiency = Figure.find(merged, EFFICIENCY.name());
        if (turns == null || model == null || ideal == null || efficiency == null || model.value() <= 0) {
            return merged;
        }
        double derivedIdeal = cell.concurrency() * 1000.0 / model.value();
        merged.set(merged.indexOf(ideal), rangeOf(ideal, derivedIdeal));
        merged.set(merged.indexOf(efficiency), rangeOf(efficiency, turns.value() / derivedIdeal));
        return List.copyOf(merged);
    }

    /** {@code figure} with {@code value}, keeping its forks' range. */
    private static Figure rangeOf(Figure figure, double value) {
        return new Figure(figure.name(), figure.label(), figure.unit(), figure.better(), figure.combine(),
                figure.section(), figure.description(), figure.overFloor(), value, figure.low(), figure.high());
    }
}
