/**
 * The result model: what a cell's child JVM writes ({@link dev.agentbench.api.result.CellResult}),
 * what a run directory's {@code run.json} holds ({@link dev.agentbench.api.result.RunInfo}), and the
 * statistics both carry. Field names are the JSON names of the results layout; later versions add
 * fields and never rename these.
 */
package dev.agentbench.api.result;
