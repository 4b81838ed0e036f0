package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Figure.Better;
import dev.agentbench.api.result.Figure.Combine;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.Throughput;
import dev.agentbench.api.result.TimeStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * A run of {@code --benchmarks turn1,load --concurrency 1,16,64 --model-latency 200ms} against the
 * {@code raw} floor and {@code llmagent}: {@code turn1} for both (which has no load figures), and the
 * LOAD cells {@code load}, {@code load_c16} and {@code load_c64}. The mock held each reply 200 ms and
 * one turn makes one model call (200.4 ms of model time per turn as the mock held it). {@code raw}
 * keeps up with the ideal at every N; {@code llmagent} lets only 32 model calls out at once at N = 64
 * (its efficiency halves there), and its {@code load_c16} ended FAILED.
 */
final class LoadRun {

    static final double MODEL_MILLIS_PER_TURN = 200.4;

    private LoadRun() {}

    /** Writes the run under {@code dir} and returns its directory. */
    static Path write(Path dir) throws IOException {
        Path runDir = dir.resolve("run");
        Files.createDirectories(runDir);
        RunLayout layout = new RunLayout(runDir);
        List<PlannedCell> planned = new ArrayList<>();
        for (String benchmark : List.of("turn1", "load")) {
            for (int n : benchmark.equals("turn1") ? List.of(1) : List.of(1, 16, 64)) {
                planned.add(new PlannedCell("raw", benchmark, n));
                planned.add(new PlannedCell("llmagent", benchmark, n));
            }
        }
        RunInfo info = new RunInfo("20261201-120000-load", RunStatus.COMPLETED, "2026-12-01T12:00:00Z",
                "2026-12-01T12:20:00Z", List.of("run", "--targets", "raw,llmagent", "--benchmarks", "turn1,load",
                        "--concurrency", "1,16,64", "--model-latency", "200ms"),
                Map.of(), planned, Map.of("java.version", "17.0.15"), List.of());
        RunData.MAPPER.writeValue(layout.runJson().toFile(), info);
        write(layout, planned.get(0), turn("raw", 180_000));
        write(layout, planned.get(1), turn("llmagent", 1_520_000));
        write(layout, planned.get(2), load("raw", 1, 4.97, 1, 201.3, 203.9, 0.4));
        write(layout, planned.get(3), load("llmagent", 1, 4.81, 1, 207.5, 214.0, 0.4));
        write(layout, planned.get(4), load("raw", 16, 79.2, 16, 201.6, 206.2, 0.6));
        write(layout, planned.get(5), CellResult.failed(planned.get(5), CellStatus.FAILED,
                "Load: turn 1, step 1: final text was [], the script says [Hello!]", List.of()));
        write(layout, planned.get(6), load("raw", 64, 315.0, 64, 202.5, 212.0, 0.9));
        write(layout, planned.get(7), load("llmagent", 64, 157.1, 32, 405.2, 431.0, 0.8));
        return runDir;
    }

    /** A {@code turn1} cell of one fork: twelve iterations about {@code medianNanos}, no load figures. */
    private static CellResult turn(String target, long medianNanos) {
        List<Long> samples = samples(medianNanos, medianNanos / 100);
        TimeStats time = stats(medianNanos, medianNanos / 100);
        Fork fork = new Fork(1, time, samples, null, true, 1.0, null, null, null, null, null, List.of(), List.of());
        return new CellResult(RunLayout.FORMAT, target, "turn1", 1, "turn1", CellStatus.OK, null, time, 100, true, 1.0,
                List.of(), List.of(), null, null, null, null, List.of(), List.of(fork), null, List.of());
    }

    /**
     * A LOAD cell of {@code sessions} sessions and one fork: twelve turns about {@code p50Millis} (model
     * included) as its samples, its time and its turn latency, and its figures as the LOAD kind gives them.
     */
    private static CellResult load(String target, int sessions, double turnsPerSecond, int maxInFlight,
            double p50Millis, double p99Millis, double mockLateP99Millis) {
        List<Long> samples = samples(Math.round(p50Millis * 1e6), 200_000);
        TimeStats time = stats(Math.round(p50Millis * 1e6), 200_000);
        Throughput throughput = new Throughput(turnsPerSecond, turnsPerSecond);
        double ideal = sessions * 1000.0 / MODEL_MILLIS_PER_TURN;
        List<Figure> figures = List.of(load("turnsPerSecond", "turns/s", "turns/s", Better.HIGHER, turnsPerSecond),
                load("idealTurnsPerSecond", "ideal", "turns/s", Better.NEITHER, ideal),
                load("efficiency", "efficiency", "", Better.HIGHER, turnsPerSecond / ideal),
                load("maxInFlight", "in flight", "", Better.NEITHER, maxInFlight),
                load("p50Millis", "framework p50", "ms", Better.LOWER, p50Millis - MODEL_MILLIS_PER_TURN),
                load("p99Millis", "framework p99", "ms", Better.LOWER, p99Millis - MODEL_MILLIS_PER_TURN),
                load("modelLatencyMillis", "model latency", "ms", Better.NEITHER, 200),
                load("modelMillisPerTurn", "model time per turn", "ms", Better.NEITHER, MODEL_MILLIS_PER_TURN),
                load("mockLateP99Millis", "mock late p99", "ms", Better.LOWER, mockLateP99Millis));
        Fork fork = new Fork(1, time, samples, null, null, null, null, null, throughput, time, null, figures,
                List.of());
        return new CellResult(RunLayout.FORMAT, target, "load", sessions, CellResult.cellName("load", sessions),
                CellStatus.OK, null, time, 0, null, null, List.of(), List.of(), null, throughput, time, null, figures,
                List.of(fork), null, List.of());
    }

    /** A figure of a LOAD cell, as that kind declares it. */
    private static Figure load(String name, String label, String unit, Better better, double value) {
        return new Figure.Definition(name, label, unit, better, name.equals("maxInFlight")
                || name.equals("mockLateP99Millis") ? Combine.MAX : Combine.MEDIAN, "Throughput under model latency",
                label + " of the load cell.").of(value);
    }

    /** Twelve samples from {@code median - 5 step} to {@code median + 6 step}. */
    private static List<Long> samples(long median, long step) {
        return LongStream.rangeClosed(-5, 6).map(k -> median + k * step).boxed().toList();
    }

    /** The statistics of {@link #samples}. */
    private static TimeStats stats(long median, long step) {
        return new TimeStats(TimeStats.NANOS, 12, median + 0.5 * step, median + 5 * step, median + 6 * step,
                median + 0.5 * step, 3.6 * step, median - 5 * step, median + 6 * step);
    }

    private static void write(RunLayout layout, PlannedCell cell, CellResult result) throws IOException {
        Path file = layout.cellResult(cell);
        Files.createDirectories(file.getParent());
        RunData.MAPPER.writeValue(file.toFile(), result);
    }
}
