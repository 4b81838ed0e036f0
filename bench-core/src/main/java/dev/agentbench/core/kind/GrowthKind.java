package dev.agentbench.core.kind;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.core.measure.GrowthProcedure;
import dev.agentbench.core.measure.Measurement;

/** {@link BenchmarkKind#SESSION_GROWTH}: heap retained per deleted session (see {@link GrowthProcedure}). */
final class GrowthKind extends CellKind {

    static final GrowthKind INSTANCE = new GrowthKind();

    private GrowthKind() {
        super(BenchmarkKind.SESSION_GROWTH);
    }


    @Override
    public Measurement measure(ChildRun run) throws Exception {
        return withHandle(run.agents, handle -> GrowthProcedure.measure(run.benchmark, handle, run.settings, run.clock,
                run.log, run.profiler));
    }
}
