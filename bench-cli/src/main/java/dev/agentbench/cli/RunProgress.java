package dev.agentbench.cli;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.report.Units;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Where a run stands, as text: a line per finished cell, a line for the running one, the run's
 * elapsed time and an estimate of what is left. Holds no thread and prints nothing; the clock is
 * given, so that tests can drive it.
 *
 * <p>The estimate of a cell not yet finished is the mean time of the finished cells most like it:
 * those of the same benchmark and concurrency (on other targets), else those of the same benchmark
 * kind, else, unless it is a cold start, every finished cell that is no cold start. A cold-start
 * cell starts a fresh JVM many times over, so it is estimated from cold starts alone. Until every
 * cell left has such a basis, the estimate is "estimating…". The running cell counts with what its
 * estimate has left, never less than nothing.
 */
final class RunProgress {

    /** What stands for the estimate while there is no basis for it. */
    static final String ESTIMATING = "estimating…";
    /** What stands for the estimate when less than a second is left, or the last cell has overrun its estimate. */
    static final String FINISHING = "finishing…";

    private final List<PlannedCell> cells;
    private final List<BenchmarkKind> kinds;
    private final LongSupplier nanoTime;
    private final boolean dryRun;
    private final long runStart;
    private final long[] started;
    private final long[] took;
    private final int indexWidth;
    private final int targetWidth;
    private final int nameWidth;
    private int running = -1;

    /**
     * @param cells the run's planned cells, in order
     * @param kindOf the kind of a benchmark, by name
     * @param nanoTime the clock, {@code System::nanoTime} but in tests; the run starts now
     * @param dryRun whether an OK cell's line says "checked" rather than its median
     */
    RunProgress(List<PlannedCell> cells, Function<String, BenchmarkKind> kindOf, LongSupplier nanoTime,
            boolean dryRun) {
        this.cells = List.copyOf(cells);
        this.kinds = this.cells.stream().map(cell -> kindOf.apply(cell.benchmark())).toList();
        this.nanoTime = nanoTime;
        this.dryRun = dryRun;
        this.runStart = nanoTime.getAsLong();
        this.started = new long[cells.size()];
        this.took = new long[cells.size()];
        java.util.Arrays.fill(took, -1);
        this.indexWidth = Integer.toString(cells.size()).length();
        this.targetWidth = cells.stream().mapToInt(cell -> cell.target().length()).max().orElse(0);
        this.nameWidth = cells.stream().mapToInt(cell -> cell.name().length()).max().orElse(0);
    }

    /** The cell at {@code index} starts now. */
    void started(int index) {
        started[index] = nanoTime.getAsLong();
        running = index;
    }

    /** The cell at {@code index} ended now. */
    void finished(int index) {
        if (took[index] < 0) {
            took[index] = nanoTime.getAsLong() - started[index];
        }
        if (running == index) {
            running = -1;
        }
    }

    /** The cell running now, or -1. */
    int running() {
        return running;
    }

    /** How long the run has taken so far. */
    Duration elapsed() {
        return Duration.ofNanos(nanoTime.getAsLong() - runStart);
    }

    /** {@code [ 7/24] llmagent turn5_c8 }: the cell's place and names, padded to the run's widest. */
    String position(int index) {
        PlannedCell cell = cells.get(index);
        return String.format(Locale.ROOT, "[%" + indexWidth + "d/%d] %-" + targetWidth + "s %-" + nameWidth + "s",
                index + 1, cells.size(), cell.target(), cell.name());
    }

    /**
     * The line of a finished OK cell:
     * {@code [ 7/24] llmagent turn5_c8  3.1 ms median ✓  took 12s · 4m 02s elapsed · about 6m 30s left}.
     */
    String finishedLine(CellResult result, int index) {
        String figure = dryRun ? "checked ✓" : Units.time(result.time().median()) + " median ✓";
        return position(index) + "  " + figure + "  took " + span(Duration.ofNanos(Math.max(0, took[index])))
                + " · " + whereTheRunIs();
    }

    /** The line of the running cell: {@code [ 8/24] llmagent tools_c8  running 7.0s · 4m 09s elapsed · estimating…}. */
    String runningLine() {
        if (running < 0) {
            return "";
        }
        return position(running) + "  running " + span(Duration.ofNanos(nanoTime.getAsLong() - started[running]))
                + " · " + whereTheRunIs();
    }

    /** {@code 4m 02s elapsed · about 6m 30s left}, or {@code … · estimating…}; no estimate once nothing is left. */
    String whereTheRunIs() {
        String elapsed = span(elapsed()) + " elapsed";
        if (running < 0 && finishedCount() == cells.size()) {
            return elapsed;
        }
        return elapsed + " · " + remaining()
                .map(left -> left.compareTo(Duration.ofSeconds(1)) < 0 ? FINISHING : "about " + span(left) + " left")
                .orElse(ESTIMATING);
    }

    /** The estimate of what is left of the run; empty while some cell left has no basis. */
    Optional<Duration> remaining() {
        long now = nanoTime.getAsLong();
        double left = 0;
        for (int i = 0; i < cells.size(); i++) {
            if (took[i] >= 0) {
                continue;
            }
            OptionalDouble estimate = estimate(i);
            if (estimate.isEmpty()) {
                return Optional.empty();
            }
            double cellLeft = estimate.getAsDouble();
            if (i == running) {
                cellLeft = Math.max(0, cellLeft - (now - started[i]));
            }
            left += cellLeft;
        }
        return Optional.of(Duration.ofNanos(Math.round(left)));
    }

    /** The estimated time of the cell at {@code index}, in nanoseconds; empty without a basis. */
    OptionalDouble estimate(int index) {
        PlannedCell cell = cells.get(index);
        BenchmarkKind kind = kinds.get(index);
        OptionalDouble same = mean(i -> cells.get(i).benchmark().equals(cell.benchmark())
                && cells.get(i).concurrency() == cell.concurrency());
        if (same.isPresent()) {
            return same;
        }
        OptionalDouble sameKind = mean(i -> kinds.get(i) == kind);
        if (sameKind.isPresent() || kind == BenchmarkKind.COLD_START) {
            return sameKind;
        }
        return mean(i -> kinds.get(i) != BenchmarkKind.COLD_START);
    }

    private OptionalDouble mean(java.util.function.IntPredicate like) {
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            if (took[i] >= 0 && like.test(i)) {
                times.add(took[i]);
            }
        }
        return times.stream().mapToLong(Long::longValue).average();
    }

    private int finishedCount() {
        int count = 0;
        for (long time : took) {
            if (time >= 0) {
                count++;
            }
        }
        return count;
    }

    /** The run's last line: {@code COMPLETED: 23 of 24 cells OK in 14m 03s}. */
    static String summaryLine(String status, List<CellResult> results, Duration elapsed) {
        long ok = results.stream().filter(cell -> cell.status() == CellStatus.OK).count();
        return status + ": " + ok + " of " + results.size() + " cells OK in " + span(elapsed);
    }

    /** A span of time as a person reads it: {@code 0.4s}, {@code 7.0s}, {@code 42s}, {@code 4m 02s}, {@code 1h 02m}. */
    static String span(Duration duration) {
        long millis = Math.max(0, duration.toMillis());
        if (millis < 10_000) {
            return String.format(Locale.ROOT, "%.1fs", millis / 1000.0);
        }
        long seconds = millis / 1000;
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return String.format(Locale.ROOT, "%dm %02ds", seconds / 60, seconds % 60);
        }
        return String.format(Locale.ROOT, "%dh %02dm", seconds / 3600, seconds % 3600 / 60);
    }
}
