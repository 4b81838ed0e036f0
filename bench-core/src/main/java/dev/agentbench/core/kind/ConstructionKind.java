package dev.agentbench.core.kind;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.core.measure.ConstructionProcedure;
import dev.agentbench.core.measure.Measurement;

/** {@link BenchmarkKind#CONSTRUCTION}: one agent built an iteration (see {@link ConstructionProcedure}). */
final class ConstructionKind extends CellKind {

    static final ConstructionKind INSTANCE = new ConstructionKind();

    private ConstructionKind() {
        super(BenchmarkKind.CONSTRUCTION);
    }


    @Override
    public Measurement measure(ChildRun run) throws Exception {
        return ConstructionProcedure.measure(run.agents, run.settings, run.clock, run.log, run.profiler);
    }
}
