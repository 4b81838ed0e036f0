package dev.agentbench.report;

import java.util.Objects;

/**
 * How to render.
 *
 * @param baseline the target every other is compared with; when the run has no such target, the
 *     first target of the run is the baseline
 */
public record ReportOptions(String baseline) {

    /** The floor: {@code wire}, the least work any client can do for the same exchanges with the mock. */
    public static final String DEFAULT_BASELINE = "wire";

    public ReportOptions {
        Objects.requireNonNull(baseline, "baseline");
    }

    public static ReportOptions defaults() {
        return new ReportOptions(DEFAULT_BASELINE);
    }
}
