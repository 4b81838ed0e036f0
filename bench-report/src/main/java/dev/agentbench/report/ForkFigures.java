package dev.agentbench.report;

import com.google.common.math.Quantiles;
import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Warmup;
import dev.agentbench.report.stats.Estimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The figures that read a cell's forks: time per iteration with its interval, CPU time per
 * operation, and the warm-up of each fork. A result of format 1 is one fork without a warm-up record
 * (see {@link CellResult#forksOrSelf()}).
 */
final class ForkFigures {

    private ForkFigures() {}

    /**
     * Whether a cell is not steady: the cell says so, or one of the forks of its statistics does or hit
     * its warm-up cap (in a result of format 1, its timed pass drifted). A fork a rerun replaced is not
     * of its statistics.
     */
    static boolean unsteady(CellResult cell) {
        return Boolean.FALSE.equals(cell.steadyState()) || cell.forks().stream().filter(fork -> !fork.excluded())
                .anyMatch(fork -> Boolean.FALSE.equals(fork.steadyState())
                        || (fork.warmup() != null && fork.warmup().capped()));
    }

    /**
     * The median with its 95% interval ({@code 175 µs [170–181]}), † when not steady; the ratio with its
     * own, † when the cell or the baseline's is not steady: a ratio to a floor that did not settle is
     * not one to quote, however steady the cell.
     */
    static ComparisonTable.Figure time(Intervals intervals) {
        return new ComparisonTable.Figure() {
            @Override
            public String text(CellResult cell, ComparisonTable.RowContext row) {
                if (cell.time() == null) {
                    return null;
                }
                Units.TimeUnitLabel unit = row.timeUnit();
                String text = unit.format(cell.time().median()) + intervals.median(cell)
                        .map(estimate -> " " + bounds(estimate.low() / unit.nanos, estimate.high() / unit.nanos))
                        .orElse("");
                return unsteady(cell) ? text + " †" : text;
            }

            @Override
            public double value(CellResult cell) {
                return cell.time() == null ? Double.NaN : cell.time().median();
            }

            @Override
            public String title(CellResult cell) {
                List<Fork> forks = cell.forksOrSelf();
                String title = "p95 " + Units.time(cell.time().p95()) + " · " + String.format(Locale.ROOT, "%,d",
                        cell.time().n()) + " samples";
                if (forks.size() > 1) {
                    List<String> medians = forks.stream().map(fork -> Units.time(fork.time().median())).toList();
                    title += " in " + forks.size() + " forks, whose medians are " + String.join(", ", medians);
                }
                return title;
            }

            /** The ratio with its interval, † when either cell is not steady: the baseline's too. */
            @Override
            public String ratioText(CellResult cell, CellResult base, double ratio) {
                Optional<Estimate> estimate = intervals.ratio(cell, base);
                String text = Units.ratio(ratio) + estimate.map(e -> " " + bounds(e.low(), e.high())).orElse("");
                return unsteady(cell) || unsteady(base) ? text + " †" : text;
            }

            @Override
            public String overheadText(CellResult cell, CellResult base) {
                return intervals.timeOverhead(cell, base).map(Units::overhead).orElse(null);
            }
        };
    }

    /** {@code [170–181]}: bounds in the unit of the figure beside them. */
    static String bounds(double low, double high) {
        return "[" + Units.number(low) + "–" + Units.number(high) + "]";
    }

    /**
     * Bounds of a figure in {@code unit}: as numbers beside the figure's own unit, except where the
     * unit scales (times, bytes), which each bound gives in full: {@code [1.20 µs–1.31 µs]}.
     */
    static String bounds(double low, double high, String unit) {
        if (unit.equals("ns") || unit.equals("B")) {
            return "[" + Units.figure(low, unit) + "–" + Units.figure(high, unit) + "]";
        }
        return bounds(low, high);
    }

    /**
     * Process CPU time per operation: the median of the forks'; under its ratio, the difference from
     * the baseline's with its interval over the forks (Welch's t, at least two forks a side).
     */
    static ComparisonTable.Figure cpu(Intervals intervals) {
        return ComparisonTable.of(
                cell -> cell.cpu() == null ? Double.NaN : cell.cpu().nanosPerOp(),
                (nanos, row) -> Units.time(nanos),
                (cell, base) -> intervals.cpuOverhead(cell, base).map(Units::overhead).orElse(null));
    }

    /**
     * Time to steady state, the median over the forks that warmed up, and how many were steady:
     * {@code 12.4 s, 2/2 steady}; forks that were not name why: {@code (fork 2: capped)}, {@code (fork
     * 1: NO_STEADY_STATE)}.
     */
    static final ComparisonTable.Figure WARMUP = new ComparisonTable.Figure() {
        @Override
        public String text(CellResult cell, ComparisonTable.RowContext row) {
            double nanos = value(cell);
            if (Double.isNaN(nanos)) {
                return null;
            }
            List<Fork> forks = cell.forksOrSelf();
            int steady = 0;
            List<String> why = new ArrayList<>();
            for (Fork fork : forks) {
                if (steady(fork)) {
                    steady++;
                    continue;
                }
                List<String> reasons = new ArrayList<>();
                Warmup warmup = fork.warmup();
                if (warmup != null && warmup.capped()) {
                    reasons.add("capped");
                }
                if (warmup != null && !warmup.shape().settled()) {
                    reasons.add(warmup.shape().name());
                }
                why.add("fork " + fork.fork() + (reasons.isEmpty() ? " not steady" : ": " + String.join(", ", reasons)));
            }
            return Units.time(nanos) + ", " + steady + "/" + forks.size() + " steady"
                    + (why.isEmpty() ? "" : " (" + String.join("; ", why) + ")");
        }

        @Override
        public double value(CellResult cell) {
            double[] nanos = cell.forksOrSelf().stream().filter(fork -> fork.warmup() != null)
                    .mapToDouble(fork -> fork.warmup().nanos()).toArray();
            return nanos.length == 0 ? Double.NaN : Quantiles.median().compute(nanos);
        }
    };

    /** Whether a fork reached a steady state: what it says, else what its warm-up says. */
    static boolean steady(Fork fork) {
        if (fork.steadyState() != null) {
            return fork.steadyState();
        }
        return fork.warmup() != null && fork.warmup().steady();
    }
}
