package dev.agentbench.cli;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.core.kind.CellKind;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.core.host.NoiseGuard;
import dev.agentbench.core.measure.PassSettings;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.MockRestart;
import dev.agentbench.api.result.MockWarmup;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.Warmup;
import dev.agentbench.report.FigureSections;
import dev.agentbench.report.Units;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;

/**
 * Where a run stands, as text: a line per finished step, a line for the running one, a line per
 * cell of several forks once its last fork ends, the run's elapsed time and an estimate of what is
 * left. Holds no thread and prints nothing; the clock is given, so that tests can drive it.
 *
 * <p>A run is a sequence of steps: one step is one fork of one cell (one child JVM), and a cold
 * start cell is one step of its own, however many JVMs it starts. The forks of a cell are not
 * consecutive (they rotate through the targets), and a failed fork ends its cell: its later forks
 * are never run.
 *
 * <p>The estimate of a step not yet finished is the mean time of the finished steps most like it:
 * those of the same benchmark and concurrency (any target, any fork), else those of the same
 * benchmark kind, else, unless it is a cold start, every finished step that is no cold start. A
 * cold start starts a fresh JVM many times over, so it is estimated from cold starts alone. Until
 * every step left has such a basis, the estimate is "estimating…". The running step counts with
 * what its estimate has left, never less than nothing.
 *
 * <p>In a profiled run each cell but a cold start has one more step, its profile fork, after its
 * measured forks and after the cell has ended; a cell that did not end OK has none.
 */
final class RunProgress {

    /** What stands for the estimate while there is no basis for it. */
    static final String ESTIMATING = "estimating…";
    /** What stands for the estimate when less than a second is left, or the last step has overrun its estimate. */
    static final String FINISHING = "finishing…";
    /** What stands for the fork number of a profile fork. */
    static final String PROFILE = "profile";

    private final List<PlannedCell> cells;
    private final List<BenchmarkKind> kinds;
    private final LongSupplier nanoTime;
    private final boolean dryRun;
    /** Whether each cell but a cold start has a profile fork. */
    private final boolean profile;
    private final long runStart;
    /** Steps planned per cell: its forks and its profile fork, or 1 for a cold start. */
    private final int[] planned;
    /** Steps finished per cell. */
    private final int[] done;
    /** Whether the cell has ended: after its last fork, or after a failed one. */
    private final boolean[] ended;
    /** The time of each finished step, per cell. */
    private final List<List<Long>> took = new ArrayList<>();
    private int steps;
    private final int targetWidth;
    private final int nameWidth;
    private final int forkWidth;
    /** Whether a step is running: the one below. */
    private boolean stepRunning;
    /** The running step, or the last one to run: its cell, its fork, the cell's forks, its place in the run. */
    private int cell = -1;
    private int fork;
    private int forks;
    /** Whether the running step, or the last one to run, is a profile fork. */
    private boolean profileStep;
    private int step;
    private long stepStart;

    /**
     * @param cells the run's planned cells, in order
     * @param kindOf the kind of a benchmark, by name
     * @param forks forks per cell (a cold start cell is one step whatever this is)
     * @param nanoTime the clock, {@code System::nanoTime} but in tests; the run starts now
     * @param dryRun whether an OK step's line says "checked" rather than its median
     */
    RunProgress(List<PlannedCell> cells, Function<String, BenchmarkKind> kindOf, int forks, LongSupplier nanoTime,
            boolean dryRun) {
        this(cells, kindOf, forks, nanoTime, dryRun, false);
    }

    /**
     * @param profile whether each cell but a cold start has a profile fork after its measured ones
     */
    RunProgress(List<PlannedCell> cells, Function<String, BenchmarkKind> kindOf, int forks, LongSupplier nanoTime,
            boolean dryRun, boolean profile) {
        this.cells = List.copyOf(cells);
        this.profile = profile;
        this.kinds = this.cells.stream().map(cell -> kindOf.apply(cell.benchmark())).toList();
        this.nanoTime = nanoTime;
        this.dryRun = dryRun;
        this.runStart = nanoTime.getAsLong();
        this.planned = new int[cells.size()];
        this.done = new int[cells.size()];
        this.ended = new boolean[cells.size()];
        for (int i = 0; i < cells.size(); i++) {
            planned[i] = coldStart(i) ? 1 : Math.max(1, forks) + (profile ? 1 : 0);
            steps += planned[i];
            took.add(new ArrayList<>());
        }
        this.targetWidth = cells.stream().mapToInt(cell -> cell.target().length()).max().orElse(0);
        this.nameWidth = cells.stream().mapToInt(cell -> cell.name().length()).max().orElse(0);
        boolean forked = kinds.stream().anyMatch(kind -> !CellKind.of(kind).jvmPerSample());
        this.forkWidth = !forked ? 0 : profile ? Math.max(forkTag(forks, forks).length(), PROFILE.length())
                : forks > 1 ? forkTag(forks, forks).length() : 0;
    }

    /** How many steps the run has: a fork is one, a profile fork one, a cold start cell one. */
    int steps() {
        return steps;
    }

    /** Fork {@code fork} of {@code forks} of the cell at {@code cell} starts now, as step {@code step} from 0. */
    void started(int cell, int fork, int forks, int step, int steps) {
        if (!coldStart(cell)) {
            planned[cell] = forks + (profile ? 1 : 0);
        }
        this.steps = steps;
        this.cell = cell;
        this.fork = fork;
        this.forks = forks;
        this.profileStep = false;
        this.step = step;
        this.stepStart = nanoTime.getAsLong();
        this.stepRunning = true;
    }

    /** The profile fork of the cell at {@code cell} starts now, as step {@code step} from 0. */
    void profileStarted(int cell, int step, int steps) {
        this.steps = steps;
        this.cell = cell;
        this.profileStep = true;
        this.step = step;
        this.stepStart = nanoTime.getAsLong();
        this.stepRunning = true;
    }

    /** The running step ended now; returns how long it took. */
    Duration finished() {
        if (!stepRunning) {
            return Duration.ZERO;
        }
        long time = nanoTime.getAsLong() - stepStart;
        took.get(cell).add(time);
        done[cell]++;
        stepRunning = false;
        return Duration.ofNanos(time);
    }

    /** The cell at {@code cell} has ended: none of its steps is left, even those a failed fork left unrun. */
    void cellEnded(int cell) {
        cellEnded(cell, false);
    }

    /**
     * The cell at {@code cell} has ended, its measured forks merged; when {@code ok}, its profile
     * fork, if the run has them, is still to come.
     */
    void cellEnded(int cell, boolean ok) {
        ended[cell] = !(ok && profile && !coldStart(cell));
    }

    /** The cell of the running step, or -1. */
    int running() {
        return stepRunning ? cell : -1;
    }

    /** How long the run has taken so far. */
    Duration elapsed() {
        return Duration.ofNanos(nanoTime.getAsLong() - runStart);
    }

    /**
     * {@code [ 7/24] llmagent turn5_c8 #2/2}: the place and names of the running step, or of the
     * last one to run, padded to the run's widest; a cold start has no fork number, a profile fork
     * says {@code profile}.
     */
    String position() {
        PlannedCell of = cells.get(cell);
        int indexWidth = Integer.toString(steps).length();
        String tag = forkWidth == 0 ? "" : " " + pad(coldStart(cell) ? "" : profileStep ? PROFILE : forkTag(fork, forks),
                forkWidth);
        return String.format(Locale.ROOT, "[%" + indexWidth + "d/%d] %s %s%s", step + 1, steps,
                pad(of.target(), targetWidth), pad(of.name(), nameWidth), tag);
    }

    /** {@code [2/4] noop turn1}: a cell's place among the cells and its names, for a cell that failed before any fork ran. */
    String cellPosition(int cell) {
        PlannedCell of = cells.get(cell);
        int indexWidth = Integer.toString(cells.size()).length();
        return String.format(Locale.ROOT, "[%" + indexWidth + "d/%d] %s %s", cell + 1, cells.size(),
                pad(of.target(), targetWidth), of.name());
    }

    /**
     * The line of the OK step that just {@linkplain #finished() finished} in {@code took}:
     * {@code [ 3/20] raw turn1 #2/2  175 µs median ✓ steady after 14s  took 21s · 1m 02s elapsed · about 5m left},
     * with {@code  (1 warning)} after the figure when the step has warnings (the lines below it say which).
     */
    String finishedLine(CellResult result, Duration took) {
        String figure = dryRun ? "checked ✓" : FigureSections.headlineIsFigures(result) ? figures(result.figures()) + " ✓"
                : Units.time(result.time().median()) + " median ✓" + steadiness(result);
        return position() + "  " + figure + flags(result) + warnings(result) + disturbed(result) + "  took " + span(took)
                + " · " + whereTheRunIs();
    }

    /** {@code  BUFFERED} for each raised {@linkplain Figure#raised() flag} among the cell's figures. */
    static String flags(CellResult result) {
        StringBuilder flags = new StringBuilder();
        for (Figure figure : result.figures()) {
            if (figure.raised()) {
                flags.append("  ").append(figure.label().toUpperCase(Locale.ROOT));
            }
        }
        return flags.toString();
    }

    /** {@code  DISTURBED (others 62.0% of 2 CPUs over 3.0 s, steal 0.0%)} for a fork the machine disturbed. */
    private static String disturbed(CellResult result) {
        if (result.forks().size() != 1 || !result.forks().get(0).disturbed()) {
            return "";
        }
        return "  DISTURBED (" + NoiseGuard.describe(result.forks().get(0).noise()) + ")";
    }

    /**
     * The line of the profile fork that just {@linkplain #finished() finished} in {@code took}:
     * {@code [ 5/6] raw turn1 profile  1,482 CPU samples, 41% framework  took 21s · 2m 02s elapsed · about 21s left},
     * the group with most samples named; or {@code  no profile (1 warning)} when there is none (the
     * line below it says why).
     */
    String profileLine(Profile result, Duration took) {
        String figure = result == null ? "no profile (1 warning)" : String.format(Locale.ROOT, "%,d CPU samples",
                result.cpuSamples()) + result.groups().stream()
                        .filter(group -> group.selfSamples() > 0)
                        .max(java.util.Comparator.comparingLong(Profile.GroupShare::selfSamples))
                        .map(group -> String.format(Locale.ROOT, ", %.0f%% %s", group.share() * 100, group.group()))
                        .orElse("");
        return position() + "  " + figure + "  took " + span(took) + " · " + whereTheRunIs();
    }

    /**
     * The first {@value #FIGURES_SHOWN} figures of a result's first section: the headline with its
     * label after it where the unit does not say it ({@code 152 turns/s}, {@code 3.80× speedup}), the
     * others after their labels ({@code ideal 160 turns/s, efficiency 0.95}).
     */
    static String figures(List<Figure> figures) {
        String section = figures.get(0).section();
        List<String> parts = new ArrayList<>();
        for (Figure figure : figures) {
            if (!figure.section().equals(section) || parts.size() == FIGURES_SHOWN) {
                continue;
            }
            String value = figure.unit().equals("turns/s") || figure.unit().equals("sessions/s")
                    ? rate(figure.value()) + " " + figure.unit() : Units.figure(figure.value(), figure.unit());
            parts.add(parts.isEmpty() ? (figure.unit().equals(figure.label()) ? value : value + " " + figure.label())
                    : figure.label() + " " + value);
        }
        return String.join(", ", parts);
    }

    /** How many of a section's figures a progress line shows. */
    static final int FIGURES_SHOWN = 3;

    /** A rate to three significant figures, at least: {@code 4.97}, {@code 79.2}, {@code 1,204}. */
    static String rate(double perSecond) {
        String format = perSecond < 10 ? "%.2f" : perSecond < 100 ? "%.1f" : "%,.0f";
        return String.format(Locale.ROOT, format, perSecond);
    }

    /** {@code  (1 warning)}, {@code  (2 warnings)}; nothing for a result without warnings. */
    static String warnings(CellResult result) {
        int count = result.warnings().size();
        return count == 0 ? "" : " (" + count + (count == 1 ? " warning)" : " warnings)");
    }

    /** What one fork's warm-up found: {@code  steady after 14s}, {@code  NOT steady (cap 60s)}; nothing when it did not warm up. */
    private static String steadiness(CellResult result) {
        if (result.forks().size() != 1 || result.forks().get(0).warmup() == null) {
            return "";
        }
        Warmup warmup = result.forks().get(0).warmup();
        if (warmup.steady()) {
            return " steady after " + seconds(warmup.nanos());
        }
        return warmup.capped() ? " NOT steady (cap " + seconds(warmup.nanos()) + ")"
                : " NOT steady (" + warmup.shape() + ")";
    }

    /** A warm-up's length as the options give it: {@code 7.5s}, {@code 14s}, {@code 120s}. */
    private static String seconds(long nanos) {
        return nanos < 10_000_000_000L ? span(Duration.ofNanos(nanos)) : nanos / 1_000_000_000L + "s";
    }

    /** The line of the step that just failed: {@code [ 4/20] noop turn1 #2/2  FAILED: no reply}. */
    String failedLine(CellResult result) {
        return position() + "  " + result.status().label() + ": " + firstLine(result.error());
    }

    /**
     * The line of a cell of several forks after its last: the median of its forks' medians and their
     * spread, {@code raw turn1: 174 µs over 2 forks (171–177 µs)}, how many forks were not
     * steady when some were not, and how many warnings the cell has when it has some.
     */
    static String cellLine(CellResult cell) {
        List<Fork> forks = cell.forksOrSelf();
        double low = forks.stream().mapToDouble(fork -> fork.time().median()).min().orElse(0);
        double high = forks.stream().mapToDouble(fork -> fork.time().median()).max().orElse(0);
        long unsteady = forks.stream().filter(fork -> Boolean.FALSE.equals(fork.steadyState())).count();
        if (FigureSections.headlineIsFigures(cell)) {
            Figure headline = cell.figures().get(0);
            String range = headline.low() == null ? "" : " (" + Units.figure(headline.low(), headline.unit()) + "–"
                    + Units.figure(headline.high(), headline.unit()) + ")";
            return cell.target() + " " + cell.name() + ": " + figures(cell.figures()) + " over " + forks.size()
                    + " forks" + range + flags(cell) + warnings(cell);
        }
        return cell.target() + " " + cell.name() + ": " + Units.time(cell.time().median()) + " over " + forks.size()
                + " forks (" + range(low, high) + ")"
                + (unsteady == 0 ? "" : "; " + unsteady + " of " + forks.size() + " NOT steady") + flags(cell)
                + warnings(cell);
    }

    /**
     * {@code Mock warmed in 8.1s: p50 212 → 58.0 µs, steady}; {@code Mock not warmed: ...} when it
     * sent no request (every step of the run's scripts an injected error, hang or cut).
     */
    static String mockLine(MockWarmup warmup) {
        if (warmup.requests() == 0) {
            return "Mock not warmed: " + MockWarmup.NOTHING_TO_WARM;
        }
        String first = Units.time(warmup.firstMedianMicros() * 1000);
        String last = Units.time(warmup.lastMedianMicros() * 1000);
        return "Mock warmed in " + span(Duration.ofMillis(warmup.millis())) + ": p50 " + sameUnit(first, last) + " → "
                + last + (warmup.steady() ? ", steady" : ", NOT steady (capped)");
    }

    /**
     * {@code Mock died (killed by SIGKILL (exit status [137])) during raw/turn5: a new mock took its
     * place [mock.restart-1.log]; warmed in 12s: p50 ...}, or {@code ... and could not be restarted:
     * <why>; the run stops}.
     */
    static String mockRestartLine(MockRestart restart) {
        String died = "Mock died (" + restart.cause() + ")" + (restart.cell() == null ? " between cells"
                : " during " + restart.cell());
        if (!restart.restarted()) {
            return died + " and could not be restarted: " + restart.failure() + "; the run stops";
        }
        return died + ": a new mock took its place [" + restart.log() + "]"
                + (restart.warmup() == null ? "" : "; " + mockLine(restart.warmup()).replaceFirst("^Mock w", "w"));
    }

    /** {@code 171–177 µs}, or {@code 980 ns–1.02 µs} across units. */
    private static String range(double low, double high) {
        String to = Units.time(high);
        return sameUnit(Units.time(low), to) + "–" + to;
    }

    /** {@code from} without its unit when {@code to} has the same one. */
    private static String sameUnit(String from, String to) {
        String unit = from.substring(from.lastIndexOf(' '));
        return to.endsWith(unit) ? from.substring(0, from.length() - unit.length()) : from;
    }

    /** The line of the running step: {@code [ 8/24] llmagent tools_c8 #1/2  running 7.0s · 4m 09s elapsed · estimating…}. */
    String runningLine() {
        if (!stepRunning) {
            return "";
        }
        return position() + "  running " + span(Duration.ofNanos(nanoTime.getAsLong() - stepStart)) + " · "
                + whereTheRunIs();
    }

    /** {@code 4m 02s elapsed · about 6m 30s left}, or {@code … · estimating…}; no estimate once nothing is left. */
    String whereTheRunIs() {
        String elapsed = span(elapsed()) + " elapsed";
        if (!stepRunning && stepsLeft() == 0) {
            return elapsed;
        }
        return elapsed + " · " + remaining()
                .map(left -> left.compareTo(Duration.ofSeconds(1)) < 0 ? FINISHING : "about " + span(left) + " left")
                .orElse(ESTIMATING);
    }

    /**
     * The run's time guessed before its first step, from its pass settings alone: {@code Estimated
     * about 9m 40s (up to 17m 10s if no warm-up settles before --warmup-max), before reruns.} Each
     * fork is guessed as {@link CellKind#cellSeconds} does (its JVM, a warm-up a quarter of the way
     * from its least to its most, its timed pass), the most with every warm-up at its most. A run
     * guessed at over an hour says so and how to make it shorter. Empty in a dry run, which warms
     * nothing up.
     */
    Optional<String> plannedLine(PassSettings passes) {
        if (passes.dryRun() || cells.isEmpty()) {
            return Optional.empty();
        }
        PassSettings longest = passes.toBuilder().set(PassSettings.WARMUP_TIME, passes.warmupMax()).build();
        double guess = 0;
        double most = 0;
        for (BenchmarkKind kind : kinds) {
            guess += CellKind.of(kind).cellSeconds(passes);
            most += CellKind.of(kind).cellSeconds(longest);
        }
        String line = "Estimated about " + span(Duration.ofMillis(Math.round(guess * 1000)))
                + (most > guess * 1.05 ? " (up to " + span(Duration.ofMillis(Math.round(most * 1000)))
                        + " if no warm-up settles before --warmup-max)" : "")
                + ", before reruns";
        if (guess > Duration.ofHours(1).toSeconds()) {
            line += ". That is over an hour: fewer targets, benchmarks or forks (--targets, --benchmarks, --forks),"
                    + " or a budget (--max-duration), make it shorter; --dry-run checks every cell in one JVM";
        }
        return Optional.of(line + ".");
    }

    /** The estimate of what is left of the run; empty while some step left has no basis. */
    Optional<Duration> remaining() {
        long now = nanoTime.getAsLong();
        double left = 0;
        for (int i = 0; i < cells.size(); i++) {
            int stepsLeft = stepsLeft(i);
            if (stepsLeft == 0) {
                continue;
            }
            OptionalDouble estimate = estimate(i);
            if (estimate.isEmpty()) {
                return Optional.empty();
            }
            left += stepsLeft * estimate.getAsDouble();
            if (stepRunning && i == cell) {
                left -= Math.min(estimate.getAsDouble(), now - stepStart);
            }
        }
        return Optional.of(Duration.ofNanos(Math.round(left)));
    }

    /** The estimated time of one step of the cell at {@code index}, in nanoseconds; empty without a basis. */
    OptionalDouble estimate(int index) {
        PlannedCell cell = cells.get(index);
        BenchmarkKind kind = kinds.get(index);
        // the same cell's other targets first: a parameter's value (history=256) changes what a step takes
        OptionalDouble sameCell = mean(i -> cells.get(i).name().equals(cell.name()));
        if (sameCell.isPresent()) {
            return sameCell;
        }
        OptionalDouble same = mean(i -> cells.get(i).benchmark().equals(cell.benchmark())
                && cells.get(i).concurrency() == cell.concurrency());
        if (same.isPresent()) {
            return same;
        }
        OptionalDouble sameKind = mean(i -> kinds.get(i) == kind);
        if (sameKind.isPresent() || CellKind.of(kind).jvmPerSample()) {
            return sameKind;
        }
        return mean(i -> !CellKind.of(kinds.get(i)).jvmPerSample());
    }

    private OptionalDouble mean(IntPredicate like) {
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            if (like.test(i)) {
                times.addAll(took.get(i));
            }
        }
        return times.stream().mapToLong(Long::longValue).average();
    }

    /** Steps of the cell not yet finished, the running one included; none once the cell has ended. */
    private int stepsLeft(int cell) {
        return ended[cell] ? 0 : Math.max(0, planned[cell] - done[cell]);
    }

    private int stepsLeft() {
        int left = 0;
        for (int i = 0; i < cells.size(); i++) {
            left += stepsLeft(i);
        }
        return left;
    }

    /** Whether the cell at {@code cell} runs in forks: every cell but a cold start, whose JVMs are one step. */
    boolean forked(int cell) {
        return !coldStart(cell);
    }

    private boolean coldStart(int cell) {
        return CellKind.of(kinds.get(cell)).jvmPerSample();
    }

    private static String forkTag(int fork, int forks) {
        return "#" + fork + "/" + forks;
    }

    private static String pad(String text, int width) {
        return text.length() >= width ? text : text + " ".repeat(width - text.length());
    }

    static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    /**
     * The run's last line: {@code COMPLETED: 23 of 24 cells OK in 14m 03s}, and {@code (2 not applicable)}
     * after the count when some cells were not.
     */
    static String summaryLine(String status, List<CellResult> results, Duration elapsed) {
        long ok = results.stream().filter(cell -> cell.status() == CellStatus.OK).count();
        long notApplicable = results.stream().filter(cell -> cell.status() == CellStatus.NOT_APPLICABLE).count();
        return status + ": " + ok + " of " + results.size() + " cells OK"
                + (notApplicable == 0 ? "" : " (" + notApplicable + " not applicable)") + " in " + span(elapsed);
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
