/**
 * Reports built from one run directory, each behind {@link dev.agentbench.report.ReportFormat}:
 * {@code summary.json} for machines, {@code report.md} and {@code report.html} for people, and
 * {@code jmh-result.json} in JMH's JSON shape for tools made for JMH. A report reads the cells that
 * the run's {@code run.json} planned and nothing else; a planned cell without a result file shows
 * as {@code MISSING}. Results of every format up to {@link dev.agentbench.api.result.RunLayout#FORMAT}
 * are read; a cell of format 1 is one fork. Medians and ratios carry 95% intervals of
 * {@link dev.agentbench.report.stats.ForkIntervals}. A profiled cell's {@code <cell>.profile.json}
 * is read beside its result, and shown by package group against the baseline's
 * ({@code ProfileSection}); one that cannot be read is a note, never a failure. The run directory
 * itself is read by bench-core's {@link dev.agentbench.core.results.RunResults}; {@link
 * dev.agentbench.report.ReportsListener} writes every report as a run ends.
 */
package dev.agentbench.report;
