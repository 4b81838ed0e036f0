package dev.agentbench.core.kind;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Figure.Better;
import dev.agentbench.api.result.Figure.Combine;
import dev.agentbench.core.measure.Measurement;
import dev.agentbench.core.measure.SessionsProcedure;
import java.time.Duration;
import java.util.List;

/**
 * {@link BenchmarkKind#SESSIONS}: iterations of N sessions at once, timed until all finish (see
 * {@link SessionsProcedure}). Besides the core figures it reports, for a benchmark with a {@link
 * dev.agentbench.api.Benchmark#sequentialNanos() sequential time}, the speedup of its parallel tool
 * calls.
 */
final class SessionsKind extends CellKind {

    static final SessionsKind INSTANCE = new SessionsKind();

    /** The section of the speedup. */
    static final String PARALLEL = "Parallel tool calls";

    static final Figure.Definition SPEEDUP = new Figure.Definition("speedup", "speedup", "×", Better.HIGHER,
            Combine.MEDIAN, PARALLEL, "the turn's tool calls run one after another (their summed duration) over the "
                    + "median iteration: about the number of calls when a framework runs them at once, 1× when it "
                    + "runs them in turn.");

    private SessionsKind() {}

    @Override
    public BenchmarkKind id() {
        return BenchmarkKind.SESSIONS;
    }

    @Override
    public List<Figure.Definition> figures() {
        return List.of(SPEEDUP);
    }

    @Override
    public boolean expandsConcurrency() {
        return true;
    }

    @Override
    public Measurement measure(ChildRun run) throws Exception {
        Measurement measurement = withHandle(run.agents, handle -> SessionsProcedure.measure(run.benchmark, handle,
                run.settings, run.cell.concurrency(), run.clock, run.log, run.profiler));
        long sequential = run.benchmark.sequentialNanos();
        if (sequential <= 0 || run.settings.dryRun()) {
            return measurement;
        }
        double median = com.google.common.math.Quantiles.median().compute(measurement.samples());
        Figure speedup = SPEEDUP.of(sequential / median);
        run.log.accept(String.format("speedup: %.2f (sequential %s over the median)", speedup.value(),
                Duration.ofNanos(sequential)));
        return measurement.withFigure(speedup);
    }
}
