package dev.agentbench.report.compare;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Fork;
import dev.agentbench.core.plan.Shards;
import dev.agentbench.report.RowOrder;
import dev.agentbench.report.RunData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Whether two runs of one plan agree: for every cell both runs measured OK, steady and undisturbed, the
 * second run's median within {@link AgreementOptions#medianWithin()} of the first's, and its ratio to
 * the baseline within {@link AgreementOptions#ratioWithin()}; and for a cell whose headline is the heap
 * it retains (a footprint or session-growth cell), that figure within the median's bound too, whenever
 * both runs measured it. What {@code compare} asks of a change
 * (is it slower, beyond the noise?), this asks of the tool: does a second run say the same? So it has
 * no interval and no significance, only the two headlines and a bound, and a cell that could not be
 * published (not steady, disturbed, failed) is named and left out rather than judged.
 *
 * @param a the first run
 * @param b the second run
 * @param options the bounds and the baseline
 * @param baseline the column the ratios divide by: the options' baseline, or the first run's first
 *     target when it has none; {@code null} when the first run has no cell at all
 * @param settingChanges the settings that change what a cell measures and differ between the runs, as
 *     {@code name: a → b}; empty when the runs ran one plan's settings
 * @param machineChanges what differs between the runs' machines and JVMs, as {@code name: a → b}
 * @param cells every cell of either run, in the report's row order, and within a row the targets in
 *     the order the runs planned them, the first run's first
 */
public record Agreement(Comparison.RunRef a, Comparison.RunRef b, AgreementOptions options, String baseline,
        List<String> settingChanges, List<String> machineChanges, List<CellAgreement> cells) {

    /** What {@code run.json}'s environment says of a machine and its JVM, compared between the runs. */
    static final List<String> MACHINE = List.of("host.name", "cpu.model", "cpus", "memory", "os.name", "os.version",
            "java.vendor", "java.vm.name", "java.version");

    /** How the note of a cell that only one run has starts. */
    static final String ONLY_IN = "only in ";

    public Agreement {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(options, "options");
        settingChanges = List.copyOf(settingChanges);
        machineChanges = List.copyOf(machineChanges);
        cells = List.copyOf(cells);
    }

    /** Holds run {@code b} to run {@code a}, cell by cell. */
    public static Agreement of(RunData a, RunData b, AgreementOptions options) {
        List<String> targetsA = a.targets(options.baseline());
        String baseline = targetsA.isEmpty() ? null : targetsA.get(0);
        Map<String, CellResult> cellsA = byId(a.cells());
        Map<String, CellResult> cellsB = byId(b.cells());
        List<String> order = new ArrayList<>(targetsA);
        for (String target : b.targets(options.baseline())) {
            if (!order.contains(target)) {
                order.add(target);
            }
        }
        List<CellResult> all = new ArrayList<>(a.cells());
        b.cells().stream().filter(cell -> !cellsA.containsKey(id(cell))).forEach(all::add);
        all.sort(Comparator.comparing(CellResult::name, RowOrder.CELLS)
                .thenComparingInt(cell -> order.indexOf(cell.target())));
        List<CellAgreement> cells = new ArrayList<>();
        for (CellResult cell : all) {
            CellResult inA = cellsA.get(id(cell));
            CellResult inB = cellsB.get(id(cell));
            CellResult baseA = baseline == null ? null : cellsA.get(baseline + "/" + cell.name());
            CellResult baseB = baseline == null ? null : cellsB.get(baseline + "/" + cell.name());
            cells.add(cell(cell, inA, inB, cell.target().equals(baseline) ? null : baseline, baseA, baseB));
        }
        return new Agreement(Comparison.RunRef.of(a.info()), Comparison.RunRef.of(b.info()), options, baseline,
                changes(a.info().settings(), b.info().settings(), key -> !Shards.LOCAL_SETTINGS.contains(key)),
                changes(a.info().environment(), b.info().environment(), MACHINE::contains), cells);
    }

    private static CellAgreement cell(CellResult any, CellResult inA, CellResult inB, String baseline,
            CellResult baseA, CellResult baseB) {
        Double a = median(inA);
        Double b = median(inB);
        List<String> problems = new ArrayList<>();
        if (inA == null || inB == null) {
            problems.add(ONLY_IN + (inA == null ? "B" : "A"));
        } else {
            addIfAny(problems, problem(inA, "A"));
            addIfAny(problems, problem(inB, "B"));
        }
        String note = problems.isEmpty() ? null : String.join("; ", problems);
        Double ratioA = baseline == null ? null : ratio(a, median(baseA));
        Double ratioB = baseline == null ? null : ratio(b, median(baseB));
        String ratioNote = null;
        if (note == null && baseline != null) {
            List<String> baseProblems = new ArrayList<>();
            addIfAny(baseProblems, baseA == null ? "not in A" : problem(baseA, "A"));
            addIfAny(baseProblems, baseB == null ? "not in B" : problem(baseB, "B"));
            ratioNote = baseProblems.isEmpty() ? null
                    : "the baseline `" + baseline + "` is " + String.join("; ", baseProblems);
        }
        return new CellAgreement(any.target(), any.name(), any.benchmark(), any.concurrency(), a, b, ratioA, ratioB,
                cpu(inA), cpu(inB), allocated(inA), allocated(inB), note, ratioNote, FigureChange.of(inA, inB, 0),
                retained(inA), retained(inB), retainedUnit(any));
    }

    /**
     * Why a run's cell cannot be held to a bound, in words that end {@code in A} or {@code in B}; {@code
     * null} when it can: it is OK, no fork of its statistics was disturbed, and every fork was steady.
     */
    private static String problem(CellResult cell, String run) {
        if (cell.status() != CellStatus.OK) {
            return cell.status().label() + " in " + run + ": " + Comparison.firstLine(cell.error());
        }
        if (cell.disturbed()) {
            return "disturbed by the machine in " + run + " (no clean rerun replaced a fork)";
        }
        List<Fork> forks = cell.forksOrSelf();
        long unsteady = forks.stream().filter(fork -> Boolean.FALSE.equals(fork.steadyState())).count();
        if (unsteady > 0 || Boolean.FALSE.equals(cell.steadyState())) {
            return "not steady in " + run + " (" + Math.max(unsteady, 1) + " of " + Math.max(forks.size(), 1)
                    + " forks capped or with no steady state)";
        }
        if (median(cell) == null) {
            return "no time in " + run;
        }
        return null;
    }

    private static Double median(CellResult cell) {
        return cell == null || cell.status() != CellStatus.OK ? null : CellSide.of(cell).median();
    }

    private static Double ratio(Double median, Double base) {
        return median == null || base == null || base == 0 ? null : median / base;
    }

    private static Double cpu(CellResult cell) {
        return cell == null || cell.status() != CellStatus.OK || cell.cpu() == null ? null : cell.cpu().nanosPerOp();
    }

    private static Double allocated(CellResult cell) {
        return cell == null || cell.status() != CellStatus.OK || cell.memory() == null ? null
                : cell.memory().allocatedBytesPerOp();
    }

    private static Double retained(CellResult cell) {
        return cell == null || cell.status() != CellStatus.OK || cell.memory() == null ? null
                : cell.memory().retainedBytesPerUnit();
    }

    private static String retainedUnit(CellResult cell) {
        return cell.memory() == null ? null : cell.memory().retainedUnit();
    }

    /** {@code name: a → b} for each key either map has, {@code which} accepts, and the two hold differently. */
    private static List<String> changes(Map<String, String> a, Map<String, String> b,
            java.util.function.Predicate<String> which) {
        Set<String> keys = new LinkedHashSet<>(a.keySet());
        keys.addAll(b.keySet());
        List<String> changes = new ArrayList<>();
        for (String key : keys) {
            String inA = a.get(key);
            String inB = b.get(key);
            if (which.test(key) && !Objects.equals(inA, inB)) {
                changes.add(key + ": " + (inA == null ? "(none)" : inA) + " → " + (inB == null ? "(none)" : inB));
            }
        }
        return changes;
    }

    private static void addIfAny(List<String> list, String value) {
        if (value != null) {
            list.add(value);
        }
    }

    private static Map<String, CellResult> byId(List<CellResult> cells) {
        Map<String, CellResult> byId = new LinkedHashMap<>();
        for (CellResult cell : cells) {
            byId.putIfAbsent(id(cell), cell);
        }
        return byId;
    }

    private static String id(CellResult cell) {
        return cell.target() + "/" + cell.name();
    }

    /** Whether the runs have any cell in common, held to the bound or not. */
    public boolean anyCellInCommon() {
        return cells.stream().anyMatch(cell -> cell.checked() || !cell.note().startsWith(ONLY_IN));
    }

    /** The cells whose medians are held to the bound. */
    public List<CellAgreement> checked() {
        return cells.stream().filter(CellAgreement::checked).toList();
    }

    /** The cells whose ratios to the baseline are held to the bound. */
    public List<CellAgreement> ratiosChecked() {
        return cells.stream().filter(CellAgreement::ratioChecked).toList();
    }

    /** The checked cells whose medians lie outside the bound, in row order. */
    public List<CellAgreement> outside() {
        return cells.stream().filter(cell -> cell.outside(options)).toList();
    }

    /** The checked cells whose ratios lie outside the bound, in row order. */
    public List<CellAgreement> ratiosOutside() {
        return cells.stream().filter(cell -> cell.ratioOutside(options)).toList();
    }

    /** The cells whose retained heap is held to the median's bound. */
    public List<CellAgreement> retainedChecked() {
        return cells.stream().filter(CellAgreement::retainedChecked).toList();
    }

    /** The cells whose retained heap is held and lies outside the bound, in row order. */
    public List<CellAgreement> retainedOutside() {
        return cells.stream().filter(cell -> cell.retainedOutside(options)).toList();
    }

    /** The cells that are not checked, with why. */
    public List<CellAgreement> notChecked() {
        return cells.stream().filter(cell -> !cell.checked()).toList();
    }

    /**
     * Whether the runs agree: at least one median or retained heap was checked, and every checked
     * median, ratio and retained heap lies within its bound. Two runs with nothing to check do not
     * agree: nothing was shown.
     */
    public boolean agree() {
        return (!checked().isEmpty() || !retainedChecked().isEmpty()) && outside().isEmpty()
                && ratiosOutside().isEmpty() && retainedOutside().isEmpty();
    }

    /**
     * The {@code n} checked cells whose {@code change} is largest either way, largest first (ties in row
     * order); cells without that change are left out.
     */
    public List<CellAgreement> largest(Function<CellAgreement, Double> change, int n) {
        return largest(checked(), change, n);
    }

    /**
     * The {@code n} of {@code cells} whose {@code change} is largest either way, largest first (ties in
     * their order); cells without that change are left out.
     */
    static List<CellAgreement> largest(List<CellAgreement> cells, Function<CellAgreement, Double> change, int n) {
        return cells.stream().filter(cell -> change.apply(cell) != null).sorted(largestFirst(change)).limit(n)
                .toList();
    }

    /** Cells by their {@code change}, the largest either way first (ties keep their order). */
    static Comparator<CellAgreement> largestFirst(Function<CellAgreement, Double> change) {
        // a change from zero (null) has no size: it sorts first, beyond every finite change
        return Comparator.comparingDouble(cell -> {
            Double moved = change.apply(cell);
            return moved == null ? Double.NEGATIVE_INFINITY : -Math.abs(moved);
        });
    }

    /** The checked cell whose {@code change} is largest either way, if any. */
    public Optional<CellAgreement> largest(Function<CellAgreement, Double> change) {
        return largest(change, 1).stream().findFirst();
    }
}
