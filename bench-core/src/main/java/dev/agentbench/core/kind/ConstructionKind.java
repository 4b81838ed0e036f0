package dev.agentbench.core.kind;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Figure.Better;
import dev.agentbench.api.result.Figure.Combine;
import dev.agentbench.core.measure.ConstructionProcedure;
import dev.agentbench.core.measure.Measurement;
import java.util.List;

/** {@link BenchmarkKind#CONSTRUCTION}: agents built, timed one or a batch a sample (see {@link ConstructionProcedure}). */
final class ConstructionKind extends CellKind {

    static final ConstructionKind INSTANCE = new ConstructionKind();

    static final Figure.Definition AGENTS_PER_SAMPLE = new Figure.Definition("agentsPerSample", "agents a sample", "",
            Better.NEITHER, Combine.MEDIAN, "How construction was timed", "how many agents one timed sample built "
                    + "together: 1, or, for an agent built in less than 10 µs, as many as take about that long, the "
                    + "sample their mean (a single build is below the clock's step).");

    private ConstructionKind() {
        super(BenchmarkKind.CONSTRUCTION);
    }

    @Override
    public List<Figure.Definition> figures() {
        return List.of(AGENTS_PER_SAMPLE);
    }

    @Override
    public Measurement measure(ChildRun run) throws Exception {
        int[] batch = {0};
        Measurement measurement = ConstructionProcedure.measure(run.agents, run.settings, run.clock, run.log,
                run.profiler, agents -> batch[0] = agents, run::warn);
        return batch[0] == 0 ? measurement : measurement.withFigure(AGENTS_PER_SAMPLE.of(batch[0]));
    }
}
