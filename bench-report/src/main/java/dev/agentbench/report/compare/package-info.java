/**
 * {@code agentbench compare}: two runs compared cell by cell, for a regression gate. For every cell
 * in both runs with at least {@link dev.agentbench.report.compare.CompareOptions#MIN_FORKS} forks a
 * side, {@link dev.agentbench.report.stats.ForkIntervals} estimates the ratio of the medians new ÷
 * base with the wider of a Welch's t interval over the forks' medians and a bootstrap interval that
 * resamples forks, then the samples within each;
 * {@link dev.agentbench.report.compare.Comparison} gives each cell a
 * {@link dev.agentbench.report.compare.Verdict}; {@link dev.agentbench.report.compare.CompareMarkdown}
 * and {@link dev.agentbench.report.compare.CompareJson} write it. The method, its limits and the JSON
 * shape are in {@code docs/compare.md}.
 */
package dev.agentbench.report.compare;
