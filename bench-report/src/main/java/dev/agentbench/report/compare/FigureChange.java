package dev.agentbench.report.compare;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Figure;
import java.util.ArrayList;
import java.util.List;

/**
 * One of a kind's own figures of a cell as the two runs have it: both values and their ratio, and
 * whether the change goes the way the figure calls better or worse. It is shown, not judged: only the
 * time per iteration decides a verdict.
 *
 * @param name the figure's name
 * @param label what the reports call it
 * @param unit its unit
 * @param better which way is better
 * @param base the base run's value
 * @param changed the new run's value
 * @param ratio {@code changed ÷ base}; {@code null} when the base value is 0
 * @param direction {@code better}, {@code worse} or {@code same} (within the threshold, or a figure that
 *     is better neither way: {@code changed})
 */
public record FigureChange(String name, String label, String unit, Figure.Better better, double base,
        double changed, Double ratio, String direction) {

    /** The figures both OK cells have, in the new cell's order; empty when either is not OK. */
    static List<FigureChange> of(CellResult base, CellResult changed, double threshold) {
        List<FigureChange> changes = new ArrayList<>();
        if (base == null || changed == null || base.status() != CellStatus.OK || changed.status() != CellStatus.OK) {
            return changes;
        }
        for (Figure figure : changed.figures()) {
            Figure before = base.figure(figure.name());
            if (before == null) {
                continue;
            }
            Double ratio = before.value() == 0 ? null : figure.value() / before.value();
            changes.add(new FigureChange(figure.name(), figure.label(), figure.unit(), figure.better(), before.value(),
                    figure.value(), ratio, direction(figure.better(), ratio, threshold)));
        }
        return changes;
    }

    private static String direction(Figure.Better better, Double ratio, double threshold) {
        if (ratio == null || Math.abs(ratio - 1) <= threshold) {
            return "same";
        }
        return switch (better) {
            case NEITHER -> "changed";
            case LOWER -> ratio < 1 ? "better" : "worse";
            case HIGHER -> ratio > 1 ? "better" : "worse";
        };
    }
}
