package dev.agentbench.core.kind;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.core.measure.FootprintProcedure;
import dev.agentbench.core.measure.Measurement;

/** {@link BenchmarkKind#FOOTPRINT}: heap retained per live agent (see {@link FootprintProcedure}). */
final class FootprintKind extends CellKind {

    static final FootprintKind INSTANCE = new FootprintKind();

    private FootprintKind() {
        super(BenchmarkKind.FOOTPRINT);
    }

    @Override
    public Measurement measure(ChildRun run) throws Exception {
        return FootprintProcedure.measure(run.benchmark.name(), run.agents, run.settings, run.clock, run.log, run.profiler,
                run::warn);
    }
}
