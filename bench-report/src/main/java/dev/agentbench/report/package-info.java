/**
 * Reports built from one run directory: {@code summary.json} for machines and {@code report.md}
 * for people. A report reads the cells that the run's {@code run.json} planned and nothing else; a
 * planned cell without a result file shows as {@code MISSING}.
 */
package dev.agentbench.report;
