/**
 * The programmatic API of agentbench: build {@link dev.agentbench.core.BenchOptions} with its
 * builder, hand them to a {@link dev.agentbench.core.BenchRunner}, and get back a {@link
 * dev.agentbench.core.RunSummary}.
 *
 * <pre>{@code
 * RunSummary summary = new BenchRunner(BenchOptions.builder()
 *         .targets(List.of("raw", "noop"))
 *         .benchmarks(List.of("turn1"))
 *         .build()).run();
 * }</pre>
 *
 * <p>{@link dev.agentbench.core.Registry} lists the targets and benchmarks a run can see. Every
 * default lives in {@link dev.agentbench.core.Defaults}. A run writes no report: the reports are
 * written by a {@link dev.agentbench.core.RunListener}, {@code dev.agentbench.report.ReportsListener}
 * of bench-report, registered with {@code listener(...)}; {@code dev.agentbench.core.results} reads
 * a run directory back.
 *
 * <p>Stability: the types of this package and of {@code results} are the supported API of
 * agentbench 0.x; its package-private classes, and the sub-packages {@code plan}, {@code host},
 * {@code link}, {@code child}, {@code kind}, {@code measure}, {@code mock} and {@code profile}, are
 * internal and may change in any release.
 */
package dev.agentbench.core;
