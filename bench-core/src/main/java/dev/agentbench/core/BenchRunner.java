package dev.agentbench.core;

import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.Sharding;
import dev.agentbench.core.plan.Shards;
import dev.agentbench.core.results.ResultsJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a benchmark: plans the cells, starts the mock in its own JVM, runs every cell in a child JVM
 * of its own with a timeout, writes the run directory, tells its listeners, and returns what the
 * cells gave. One cell failing never stops the run. When the mock dies, the cell in flight fails
 * with the death named, and a new mock takes its place for the next cells ({@link RunMock}); when
 * none can, the run stops as a spent budget stops it. Ctrl-C, SIGTERM, or an interrupt of the thread
 * that called {@link #run()} kills every child and the mock, marks the run INTERRUPTED and still
 * tells the listeners that the run finished. No process it started outlives it. The run itself, once
 * its directory and run.json are written, is a {@link RunExecution}.
 *
 * <p>It writes no report: the reports are written by a listener,
 * {@code dev.agentbench.report.ReportsListener}, when the run finishes, on every path.
 *
 * <pre>{@code
 * ReportsListener reports = new ReportsListener();
 * RunSummary summary = new BenchRunner(BenchOptions.builder().targets(List.of("raw")).listener(reports).build())
 *         .run();
 * }</pre>
 */
public final class BenchRunner {

    /** What {@code run.json}'s notes say of a dry run. */
    static final String DRY_RUN_NOTE = "Dry run: every cell ran one checked iteration (a cold start one JVM) with no"
            + " warm-up and no memory pass; an OK cell's time is that single iteration's, not a measurement";

    private final BenchOptions options;
    private final Clock clock;

    public BenchRunner(BenchOptions options) {
        this(options, Clock.systemUTC());
    }

    BenchRunner(BenchOptions options, Clock clock) {
        this.options = options;
        this.clock = clock;
    }

    /**
     * The cells a run of these options would measure, resolved against the registry; starts nothing.
     * For a shard ({@link BenchOptions#shard()}), its part of the plan, with a note that says which.
     *
     * @throws IllegalArgumentException for an unknown target or benchmark, an unusable plugin path,
     *     nothing to run, or a shard with no group of the plan
     */
    public Plan plan() {
        return planned(Registry.load(options.pluginDirs(), options.params())).plan();
    }

    /**
     * The plan of this run, how the whole plan was split when the run is a shard, and its columns
     * (every target, variant and JVM) by id.
     */
    private record Planned(Plan plan, Sharding sharding, Map<String, Column> columns) {}

    private Planned planned(Registry registry) {
        List<BenchmarkDescriptor> benchmarks = registry.benchmarks(options.benchmarks());
        if (registry.targets().isEmpty()) {
            throw new IllegalArgumentException("No target to run: none was found on the harness class path or in "
                    + options.pluginDirs());
        }
        if (benchmarks.isEmpty()) {
            throw new IllegalArgumentException("No benchmark to run: none was found on the harness class path or in "
                    + options.pluginDirs());
        }
        Plan.checkParams(options.params().keySet(), benchmarks);
        Map<String, Column> columns = new LinkedHashMap<>();
        Columns.of(registry, options).forEach(column -> columns.put(column.id().toString(), column));
        Plan whole = Plan.of(benchmarks, options.concurrency(),
                columns.values().stream().map(Column::target).toList());
        if (options.gate().isPresent()) {
            Gate gate = options.gate().get();
            List<String> planned = whole.cells().stream().map(PlannedCell::target).distinct().toList();
            for (String column : List.of(gate.base(), gate.changed())) {
                if (!planned.contains(column)) {
                    throw new IllegalArgumentException("Gate column [" + column + "] is not among the run's targets "
                            + planned);
                }
            }
        }
        if (options.shard().isEmpty()) {
            return new Planned(whole, null, columns);
        }
        Sharding sharding = Shards.split(whole, options.shard().get(), name -> registry.benchmark(name).kind(),
                options.passes(), options.settings());
        return new Planned(Shards.part(whole, sharding), sharding, columns);
    }

    /**
     * Runs every planned cell, tells the listeners, and returns what the cells gave. When the calling
     * thread is interrupted, the run ends INTERRUPTED as by Ctrl-C (every process it started ended,
     * the listeners told that the run finished) and returns with the thread's interrupt status set.
     *
     * @throws IllegalArgumentException before anything starts, as {@link #plan()} does
     * @throws UncheckedIOException when the run directory cannot be made or its run.json written, before
     *     any cell (a write that fails later fails its cell and stops the run instead)
     */
    public RunSummary run() {
        Registry registry = Registry.load(options.pluginDirs(), options.params());
        Planned planned = planned(registry);
        Plan plan = planned.plan();
        Path resultsDir = options.resultsDir().toAbsolutePath().normalize();
        try {
            Path runDir = RunIds.createRunDir(resultsDir, clock);
            List<String> notes = new ArrayList<>(plan.notes());
            if (options.dryRun()) {
                notes.add(DRY_RUN_NOTE);
            }
            RunInfo info = new RunInfo(runDir.getFileName().toString(), RunStatus.RUNNING,
                    RunExecution.timestamp(clock), null, options.arguments(), options.settings(), plan.cells(),
                    Environment.capture(Path.of("").toAbsolutePath()), notes)
                    .withTargets(planned.columns().values().stream().map(Column::info).toList());
            if (planned.sharding() != null) {
                info = info.withSharding(planned.sharding().ranOn(info.environment()));
            }
            ResultsJson.write(new RunLayout(runDir).runJson(), info);
            return new RunExecution(options, clock, runDir, info, registry, planned.columns()).run();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }
}
