package dev.agentbench.core.link;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.script.Script;
import dev.agentbench.core.Defaults;
import dev.agentbench.core.internal.Json;
import dev.agentbench.core.measure.AllocationCounter;
import dev.agentbench.core.measure.IterationFailedException;
import dev.agentbench.core.measure.JvmContext;
import dev.agentbench.core.measure.Passes;
import dev.agentbench.core.measure.SessionRunner;
import dev.agentbench.core.measure.Statistics;
import dev.agentbench.core.measure.SteadyState;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.LongSupplier;

/** The child's side of a cell: measure it, write its result. */
final class CellChild {

    /** A cell that cannot be measured, with a message for its result. */
    static final class CellFailure extends Exception {
        private static final long serialVersionUID = 1L;

        CellFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

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
        CellSpec spec = Json.read(specFile, CellSpec.class);
        PlannedCell cell = spec.plannedCell();
        log("cell " + cell.target() + "/" + cell.name() + " on " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.version"));
        CellResult result;
        try {
            result = new CellChild(spec, System::nanoTime).measure();
        } catch (Throwable t) {
            log("cell failed: " + t.getMessage());
            t.printStackTrace();
            String message = t instanceof CellFailure || t instanceof IterationFailedException
                    ? t.getMessage() : IterationFailedException.describe(t);
            result = CellResult.failed(cell, CellStatus.FAILED, message, List.of());
        }
        Path resultFile = new RunLayout(Path.of(spec.runDir())).cellResult(cell);
        Json.write(resultFile, result);
        log("result " + result.status() + " written to " + resultFile);
        return result.status() == CellStatus.OK ? ChildMain.EXIT_OK : ChildMain.EXIT_CELL_FAILED;
    }

    /** Registers the script, opens the target, runs the passes; closes everything it opened. */
    CellResult measure() throws Exception {
        BenchTarget target = find(BenchTarget.class, spec.target(), BenchTarget::name);
        Benchmark benchmark = find(Benchmark.class, spec.benchmark(), Benchmark::name);
        // registered under the benchmark's name, unique in the run: the mock wants the body's name to match
        String scriptName = benchmark.name();
        Script script = new Script(scriptName, benchmark.script().turns());
        MockAdmin mock = new MockAdmin(spec.mockUrl());
        try {
            mock.register(scriptName, script);
        } catch (IOException e) {
            throw new CellFailure("Cannot register script [" + scriptName + "] with the mock: " + e.getMessage(), e);
        }
        try (JvmContext jvm = new JvmContext()) {
            TargetContext context = new TargetContext(mock.scriptUrl(scriptName), Defaults.API_KEY, Defaults.MODEL,
                    benchmark.instructions(), benchmark.tools(), script, spec.targetOptions());
            TargetHandle handle;
            try {
                handle = target.open(context);
            } catch (Exception e) {
                throw new CellFailure("Target [" + spec.target() + "] failed to open: "
                        + IterationFailedException.describe(e), e);
            }
            if (handle == null) {
                throw new CellFailure("Target [" + spec.target() + "] opened no handle (open returned null)", null);
            }
            CellResult result;
            try (SessionRunner sessions = new SessionRunner(benchmark, handle, spec.concurrency(), clock)) {
                result = passes(sessions, jvm);
            } catch (Exception | Error e) {
                closeQuietly(handle, e);
                throw e;
            }
            try {
                handle.close();
            } catch (Exception e) {
                throw new CellFailure("Closing the handle of target [" + spec.target() + "] failed: "
                        + IterationFailedException.describe(e), e);
            }
            return result;
        } finally {
            try {
                mock.unregister(scriptName);
            } catch (IOException e) {
                log("could not unregister script [" + scriptName + "]: " + e.getMessage());
            }
        }
    }

    private CellResult passes(SessionRunner sessions, JvmContext jvm) throws IterationFailedException {
        Passes passes = new Passes(clock);
        long start = clock.getAsLong();
        int warmed = passes.warmup(sessions, spec.warmup(), Duration.ofMillis(spec.warmupTimeMillis()));
        log("warm-up: " + warmed + " iterations in " + millis(clock.getAsLong() - start) + " ms");
        JvmContext.Snapshot before = jvm.snapshot();
        long[] samples = passes.timed(sessions, spec.iterations());
        JvmContext.Snapshot after = jvm.snapshot();
        TimeStats time = Statistics.of(samples);
        Optional<SteadyState> steady = SteadyState.of(samples, spec.driftThreshold());
        log("timed: " + samples.length + " iterations, median " + Math.round(time.median()) + " ns, p99 "
                + Math.round(time.p99()) + " ns" + steady.map(s -> String.format(", drift %.3f (%s)", s.drift(),
                        s.steady() ? "steady" : "NOT steady")).orElse(""));
        log(String.format("jvm: %d GC pauses (%.1f ms) in the timed pass, %d classes loaded, %d threads at most,"
                + " peak RSS %s", after.gcPauses() - before.gcPauses(), after.gcPauseMillis() - before.gcPauseMillis(),
                after.classesLoaded(), after.peakThreads(),
                after.peakRssBytes() < 0 ? "unknown" : (after.peakRssBytes() >> 20) + " MiB"));
        memoryPass(sessions, passes);
        List<Long> kept = new ArrayList<>(samples.length);
        Arrays.stream(samples).forEach(kept::add);
        return new CellResult(spec.target(), spec.benchmark(), spec.concurrency(), spec.name(), CellStatus.OK, null,
                time, warmed, steady.map(SteadyState::steady).orElse(null), steady.map(SteadyState::drift).orElse(null),
                kept, List.of());
    }

    /** Allocated bytes per iteration across all threads, in a pass of its own after the timed one. */
    private void memoryPass(SessionRunner sessions, Passes passes) throws IterationFailedException {
        Optional<AllocationCounter> counter = AllocationCounter.create();
        if (counter.isEmpty()) {
            log("memory: this JVM does not count allocated bytes per thread");
            return;
        }
        AllocationCounter allocated = counter.get();
        long selfCost = allocated.selfCost();
        int iterations = Math.min(spec.iterations(), Defaults.MEMORY_ITERATIONS);
        long[] bytes = passes.measured("memory", "m",
                tag -> Math.max(0, sessions.measure(tag, allocated) - selfCost), iterations);
        TimeStats stats = Statistics.of(bytes);
        log(String.format("memory: %d iterations, allocated %.0f bytes/op median (min %.0f, max %.0f), all threads%s",
                iterations, stats.median(), stats.min(), stats.max(),
                allocated.exact() ? "" : " alive across the iteration (JDK 17: a lower bound)"));
    }

    private static <T> T find(Class<T> type, String name, java.util.function.Function<T, String> nameOf)
            throws CellFailure {
        List<String> seen = new ArrayList<>();
        for (T candidate : ServiceLoader.load(type, CellChild.class.getClassLoader())) {
            String candidateName = nameOf.apply(candidate);
            if (candidateName.equals(name)) {
                return candidate;
            }
            seen.add(candidateName);
        }
        throw new CellFailure(type.getSimpleName() + " [" + name + "] is not on this child's class path; found: "
                + seen, null);
    }

    private static void closeQuietly(TargetHandle handle, Throwable failure) {
        try {
            handle.close();
        } catch (Exception e) {
            failure.addSuppressed(e);
        }
    }

    private static long millis(long nanos) {
        return nanos / 1_000_000;
    }

    private static void log(String line) {
        System.out.println("[agentbench] " + line);
    }
}
