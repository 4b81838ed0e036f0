/**
 * The {@code agentbench} command line: a thin shell that fills {@link dev.agentbench.core.BenchOptions}
 * and prints what the run does. Internal: the commands and their options are the public interface,
 * not these classes.
 */
package dev.agentbench.cli;
