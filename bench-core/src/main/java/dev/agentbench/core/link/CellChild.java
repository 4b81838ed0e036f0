package dev.agentbench.core.link;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.Benchmark;
import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.JvmContext;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.script.Script;
import dev.agentbench.core.Defaults;
import dev.agentbench.core.internal.Json;
import dev.agentbench.core.measure.Agents;
import dev.agentbench.core.measure.ConstructionProcedure;
import dev.agentbench.core.measure.FootprintProcedure;
import dev.agentbench.core.measure.GrowthProcedure;
import dev.agentbench.core.measure.IterationFailedException;
import dev.agentbench.core.measure.JvmMeters;
import dev.agentbench.core.measure.Measurement;
import dev.agentbench.core.measure.PassSettings;
import dev.agentbench.core.measure.SessionsProcedure;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The child's side of a cell: find target and benchmark, register the script, measure the cell the
 * way its benchmark's {@link BenchmarkKind} says, write its result.
 */
final class CellChild {

    /** A cell that cannot be measured, with a message for its result. */
    static final class CellFailure extends Exception {
        private static final long serialVersionUID = 1L;

        CellFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** A procedure that needs one open agent. */
    @FunctionalInterface
    private interface WithHandle {
        Measurement measure(TargetHandle handle) throws Exception;
    }

    /** {@code System.nanoTime()}; not a method reference, which would link lambdas on a cold start's path. */
    private static final LongSupplier NANO_TIME = new LongSupplier() {
        @Override
        public long getAsLong() {
            return System.nanoTime();
        }
    };

    private final CellSpec spec;
    private final LongSupplier clock;

    CellChild(CellSpec spec, LongSupplier clock) {
        this.spec = spec;
        this.clock = clock;
    }

    /**
     * Reads the spec, measures the cell and writes its result atomically.
     *
     * @return the exit code: {@link ChildMain#EXIT_OK} or {@link ChildMain#EXIT_CELL_FAILED}
     * @throws IOException when the spec cannot be read or the result cannot be written
     */
    static int run(Path specFile) throws IOException {
        CellSpec spec = CellSpec.read(specFile);
        PlannedCell cell = spec.plannedCell();
        CellLog.say("cell " + cell.target() + "/" + cell.name() + " fork " + spec.fork() + " on " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.version") + (spec.passes().dryRun() ? " (dry run)" : ""));
        // Every jar this cell could load a class from, wildcards expanded: what a cell ran with.
        CellLog.say("class path: " + System.getProperty("java.class.path"));
        CellResult result;
        try {
            result = new CellChild(spec, NANO_TIME).measure();
        } catch (Throwable t) {
            CellLog.say("cell failed: " + t.getMessage());
            t.printStackTrace();
            String message = t instanceof CellFailure || t instanceof IterationFailedException
                    ? t.getMessage() : IterationFailedException.describe(t);
            result = CellResult.failed(cell, CellStatus.FAILED, message, List.of());
        }
        Path resultFile = new RunLayout(Path.of(spec.runDir())).forkResult(cell, spec.fork());
        Json.write(resultFile, result);
        CellLog.say("result " + result.status() + " written to " + resultFile);
        return result.status() == CellStatus.OK ? ChildMain.EXIT_OK : ChildMain.EXIT_CELL_FAILED;
    }

    /** Registers the script, measures by kind; closes everything it opened and unregisters the script. */
    CellResult measure() throws Exception {
        BenchTarget target = find(BenchTarget.class, spec.target());
        Benchmark benchmark = find(Benchmark.class, spec.benchmark());
        // registered under the benchmark's name, unique in the run: the mock wants the body's name to match
        String scriptName = benchmark.name();
        Script script = new Script(scriptName, benchmark.script().turns());
        MockAdmin mock = new MockAdmin(spec.mockUrl());
        try {
            mock.register(scriptName, script);
        } catch (IOException e) {
            throw new CellFailure("Cannot register script [" + scriptName + "] with the mock: " + e.getMessage(), e);
        }
        try {
            Agents agents = new Agents(target, new TargetContext(mock.scriptUrl(scriptName), Defaults.API_KEY,
                    Defaults.MODEL, benchmark.instructions(), benchmark.tools(), script, spec.targetOptions()));
            if (benchmark.kind() == BenchmarkKind.COLD_START) {
                return ColdStartSample.measure(spec.plannedCell(), spec.fork(), spec.passes().dryRun(), script, agents);
            }
            return measureWithMeters(benchmark, agents);
        } finally {
            try {
                mock.unregister(scriptName);
            } catch (IOException e) {
                CellLog.say("could not unregister script [" + scriptName + "]: " + e.getMessage());
            }
        }
    }

    private CellResult measureWithMeters(Benchmark benchmark, Agents agents) throws Exception {
        PassSettings settings = spec.passes();
        int concurrency = spec.concurrency();
        Consumer<String> log = CellLog::say;
        try (JvmMeters meters = new JvmMeters()) {
            Measurement measurement = switch (benchmark.kind()) {
                case SESSIONS -> withHandle(agents,
                        handle -> SessionsProcedure.measure(benchmark, handle, settings, concurrency, clock, log));
                case SESSION_GROWTH -> withHandle(agents,
                        handle -> GrowthProcedure.measure(benchmark, handle, settings, clock, log));
                case CONSTRUCTION -> ConstructionProcedure.measure(agents, settings, clock, log);
                case FOOTPRINT -> FootprintProcedure.measure(agents, settings, clock, log);
                case COLD_START -> throw new IllegalStateException("A cold start is measured by ColdStartSample");
            };
            JvmContext jvm = null;
            if (!settings.dryRun()) {
                JvmMeters.Snapshot snapshot = meters.snapshot();
                CellLog.say(String.format("jvm: %d GC pauses (%.1f ms), %d classes loaded, %d threads at most,"
                        + " peak RSS %s", snapshot.gcPauses(), snapshot.gcPauseMillis(), snapshot.classesLoaded(),
                        snapshot.peakThreads(),
                        snapshot.peakRssBytes() < 0 ? "unknown" : (snapshot.peakRssBytes() >> 20) + " MiB"));
                jvm = snapshot.toResult();
            }
            return measurement.toResult(spec.plannedCell(), spec.fork(), jvm);
        }
    }

    /** Opens one agent, runs {@code procedure} with it, and closes it, also when the procedure fails. */
    private static Measurement withHandle(Agents agents, WithHandle procedure) throws Exception {
        TargetHandle handle = agents.open();
        Measurement measurement;
        try {
            measurement = procedure.measure(handle);
        } catch (Exception | Error e) {
            Agents.closeAfter(handle, e);
            throw e;
        }
        agents.close(handle);
        return measurement;
    }

    /** The provider of {@code type} named {@code name} (a target or a benchmark). */
    private static <T> T find(Class<T> type, String name) throws CellFailure {
        List<String> seen = new ArrayList<>();
        for (T candidate : ServiceLoader.load(type, CellChild.class.getClassLoader())) {
            String candidateName = candidate instanceof BenchTarget target
                    ? target.name() : ((Benchmark) candidate).name();
            if (candidateName.equals(name)) {
                return candidate;
            }
            seen.add(candidateName);
        }
        throw new CellFailure(type.getSimpleName() + " [" + name + "] is not on this child's class path; found: "
                + seen, null);
    }
}
