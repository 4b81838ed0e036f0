package dev.agentbench.report;

/**
 * One way to render a run. Implementations are pure: the same {@link RunData} always renders to the
 * same text, which is what lets golden-file tests seal each format.
 */
public interface ReportFormat {

    /** The format's name on the command line ({@code report --format ID}), e.g. {@code md}. */
    String id();

    /** The file the format writes into the run directory, e.g. {@code report.md}. */
    String fileName();

    /** Renders the run. */
    String render(RunData run, ReportOptions options);
}
