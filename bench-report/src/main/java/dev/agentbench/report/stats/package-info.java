/**
 * Internal: the statistics behind the reports' intervals and {@code compare}'s verdicts —
 * {@link dev.agentbench.report.stats.HierarchicalBootstrap}, which resamples a cell's forks and then
 * the samples within each, over {@link dev.agentbench.report.stats.ForkSamples}, with a generator
 * whose numbers are fixed by its seed on every JVM. Not a stable API.
 */
package dev.agentbench.report.stats;
