/**
 * Internal: the parent–child messages: the cell spec the parent writes and the child reads. Not an
 * API; may change in any release.
 *
 * <p>For each cell the parent ({@link dev.agentbench.core.host.CellLauncher}):
 * <ol>
 *   <li>writes the cell's {@link dev.agentbench.core.link.CellSpec} as JSON to
 *       {@code <run>/<target>/<cell>.spec.json} ({@code RunLayout.cellSpec});</li>
 *   <li>starts {@code <java> <jvm-args> -cp <harness>[:<plugin>] ChildMain <spec-file>} (the command
 *       is built in {@link dev.agentbench.core.host.CellLauncher#childCommand}), with stdout and
 *       stderr to the cell's log and stdin a pipe it holds open;</li>
 *   <li>waits up to the cell timeout, then reads the cell's result JSON, or records TIMEOUT or
 *       FAILED with the log's last lines.</li>
 * </ol>
 *
 * <p>The child ({@code child.ChildMain}, {@link dev.agentbench.core.child.CellChild}) reads the spec, finds
 * target and benchmark by name with {@link java.util.ServiceLoader}, registers the benchmark's script
 * with the mock, measures the cell as the benchmark's kind says (the procedures of {@code measure};
 * a cold start is one sample per child, {@code ColdStartSample}, which the parent aggregates in
 * {@code ColdStartCell}), writes the result (a temporary file renamed over the result file; the
 * parent rewrites it with the log's tail when it is not OK), and only then closes the agents the
 * measurement kept open, on a daemon thread, within {@code Defaults.CLOSE_TIMEOUT} all together (a
 * close that hangs, throws or exits the JVM rewrites an OK result with a warning,
 * {@code ForkResultFile}); anything opened by a measurement that failed is closed
 * at once, bounded the same way. It exits with
 * {@code System.exit}: 0 after an OK result, 1 after a FAILED one, 2 when it could write none. It
 * halts at once when its stdin reaches end-of-file, that is when the parent is gone.
 *
 * <p>In a profiled run the parent runs one more child per cell after its measured forks, its profile
 * fork ({@link dev.agentbench.core.link.CellSpec#profile()}, {@link
 * dev.agentbench.core.host.CellLauncher#runProfile}): the child records its timed pass with JFR into
 * {@code <cell>.jfr}, writes {@code <cell>.profile-fork.json}, and the parent sums the recording up
 * into {@code <cell>.profile.json} and removes the fork's result, which is never merged.
 */
package dev.agentbench.core.link;
