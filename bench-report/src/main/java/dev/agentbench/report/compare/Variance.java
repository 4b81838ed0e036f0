package dev.agentbench.report.compare;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Memory;
import dev.agentbench.report.RowOrder;
import dev.agentbench.report.RunData;
import dev.agentbench.report.stats.VarianceComponents;
import dev.agentbench.report.stats.VarianceComponents.ForkValue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Where the spread of each figure of each cell lies, over one or more runs of one plan: within a
 * fork, between forks, between runs ({@link VarianceComponents}). What {@code agree} asks of two runs
 * (do they say the same?), this answers one level down: where do they differ, and so where do more
 * repetitions pay — more samples in a fork, more forks in a run, or runs spread over time.
 *
 * @param runs the runs, in the order given
 * @param precision the relative half-width the forks are counted for ({@link CellVariance#forksFor})
 * @param cells every cell and figure with two forks in one run at least, in the report's row order,
 *     within a row the targets in the first run's order, within a cell the figures in {@link Figure}'s
 * @param left the cells of the runs that give no components, each with why
 */
public record Variance(List<Comparison.RunRef> runs, double precision, List<CellVariance> cells, List<String> left) {

    /** The figures of a fork the components are read for. */
    public enum Figure {
        /** The fork's median time per operation, of its samples. */
        TIME("time", "time per operation", fork -> fork.time().median(), fork -> longs(fork.samples())),
        /** The process's CPU per operation over the timed pass: one value a fork. */
        CPU("cpu", "CPU per operation", fork -> fork.cpu() == null ? null : fork.cpu().nanosPerOp(), fork -> null),
        /** The session threads' own CPU per operation, without the JIT compiler and the collector. */
        OWN_CPU("ownCpu", "own-thread CPU per operation", fork -> ownCpu(fork.cpu()), fork -> null),
        /** The bytes allocated per operation, of the memory pass's iterations. */
        ALLOCATION("allocation", "allocation per operation",
                fork -> fork.memory() == null ? null : fork.memory().allocatedBytesPerOp(),
                fork -> fork.memory() == null ? null : longs(fork.memory().allocationSamples())),
        /** The heap retained per agent or session: one value a fork. */
        RETAINED("retained", "retained heap", fork -> retained(fork.memory()), fork -> null);

        private final String key;
        private final String title;
        private final Function<Fork, Double> value;
        private final Function<Fork, double[]> samples;

        Figure(String key, String title, Function<Fork, Double> value, Function<Fork, double[]> samples) {
            this.key = key;
            this.title = title;
            this.value = value;
            this.samples = samples;
        }

        /** The figure's name in JSON. */
        public String key() {
            return key;
        }

        /** The figure's name in a heading. */
        public String title() {
            return title;
        }

        /** {@code fork}'s value, with its samples where it has them; {@code null} when it has none above 0. */
        ForkValue of(Fork fork) {
            Double value = this.value.apply(fork);
            if (value == null || !(value > 0) || value.isInfinite()) {
                return null;
            }
            double[] samples = this.samples.apply(fork);
            return new ForkValue(value, samples == null ? new double[0] : samples);
        }
    }

    /**
     * One figure of one cell.
     *
     * @param target the cell's target
     * @param name the cell's name
     * @param figure the figure
     * @param components where its variance lies
     * @param unsteadyForks how many of its forks reached no steady state, over every run
     */
    public record CellVariance(String target, String name, Figure figure, VarianceComponents components,
            int unsteadyForks) {

        /** The fewest forks a run needs for two runs to land within {@code precision} of each other. */
        public Integer forksFor(double precision) {
            return components.forksFor(precision);
        }
    }

    public Variance {
        runs = List.copyOf(runs);
        cells = List.copyOf(cells);
        left = List.copyOf(left);
    }

    /**
     * The components of every figure of every cell of {@code runs}. A cell counts in the runs where
     * it is OK; its forks kept out of the statistics (replaced by a rerun) do not count.
     */
    public static Variance of(List<RunData> runs, double precision) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("Variance components need a run at least");
        }
        List<String> order = new ArrayList<>();
        runs.forEach(run -> run.targets(null).stream().filter(target -> !order.contains(target)).forEach(order::add));
        Map<String, List<CellResult>> byCell = new LinkedHashMap<>();
        Map<String, CellResult> any = new LinkedHashMap<>();
        for (RunData run : runs) {
            for (CellResult cell : run.cells()) {
                String id = cell.target() + "/" + cell.name();
                any.putIfAbsent(id, cell);
                if (cell.status() == CellStatus.OK) {
                    byCell.computeIfAbsent(id, key -> new ArrayList<>()).add(cell);
                }
            }
        }
        List<CellResult> rows = new ArrayList<>(any.values());
        rows.sort(Comparator.comparing(CellResult::name, RowOrder.CELLS)
                .thenComparingInt(cell -> order.indexOf(cell.target())));
        List<CellVariance> cells = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (CellResult row : rows) {
            String id = row.target() + "/" + row.name();
            List<CellResult> measured = byCell.getOrDefault(id, List.of());
            List<CellVariance> figures = figures(row, measured);
            if (figures.isEmpty()) {
                left.add("`" + id + "`: " + (measured.isEmpty() ? "not OK in any run"
                        : "no run with two forks of it (" + measured.stream()
                                .map(cell -> Integer.toString(cell.forksOrSelf().size())).toList() + " forks)"));
            }
            cells.addAll(figures);
        }
        return new Variance(runs.stream().map(run -> Comparison.RunRef.of(run.info())).toList(), precision, cells,
                left);
    }

    private static List<CellVariance> figures(CellResult row, List<CellResult> measured) {
        int unsteady = (int) measured.stream().flatMap(cell -> cell.forksOrSelf().stream())
                .filter(fork -> Boolean.FALSE.equals(fork.steadyState())).count();
        List<CellVariance> figures = new ArrayList<>();
        for (Figure figure : Figure.values()) {
            List<List<ForkValue>> values = measured.stream()
                    .map(cell -> cell.forksOrSelf().stream().map(figure::of).filter(Objects::nonNull).toList())
                    .toList();
            if (values.stream().anyMatch(run -> run.size() >= 2)) {
                figures.add(new CellVariance(row.target(), row.name(), figure, VarianceComponents.of(values),
                        unsteady));
            }
        }
        return figures;
    }

    /** The figures of {@code figure}, in row order. */
    public List<CellVariance> cells(Figure figure) {
        return cells.stream().filter(cell -> cell.figure() == figure).toList();
    }

    private static double[] longs(List<Long> values) {
        return values.stream().mapToDouble(Long::doubleValue).toArray();
    }

    private static Double ownCpu(Cpu cpu) {
        return cpu == null ? null : cpu.ownNanosPerOp();
    }

    private static Double retained(Memory memory) {
        return memory == null ? null : memory.retainedBytesPerUnit();
    }
}
