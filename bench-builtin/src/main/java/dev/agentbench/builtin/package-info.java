/**
 * The built-in benchmarks and targets that ship in the harness jar: the two floors,
 * {@code wire} (the default baseline) and {@code raw} (the JDK {@code HttpClient}'s loop), the
 * {@code noop} calibration target, and the built-in suite. They are found through
 * {@link java.util.ServiceLoader} like any plugin's.
 */
package dev.agentbench.builtin;
