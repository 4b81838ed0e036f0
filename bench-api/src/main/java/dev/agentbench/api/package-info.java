/**
 * The agentbench SPI: what a plugin author implements to put a framework ({@link
 * dev.agentbench.api.BenchTarget}) or a workload ({@link dev.agentbench.api.Benchmark}) under
 * measurement, and the values the harness and a plugin exchange.
 *
 * <p>This package depends on the JDK alone, so a plugin depends on {@code dev.agentbench:bench-api}
 * and nothing else of ours. Both interfaces are found with {@link java.util.ServiceLoader}: list the
 * implementing class in {@code META-INF/services/dev.agentbench.api.BenchTarget} (or
 * {@code ...Benchmark}) of the plugin jar.
 *
 * <p>Stability: the types of this package and its {@code script} and {@code result} sub-packages are
 * the public contract of agentbench 0.x; they grow by new default methods and new record components
 * at the end, and no component is renamed within a minor version.
 */
package dev.agentbench.api;
