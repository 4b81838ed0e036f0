/**
 * The benchmark kinds: one class a {@link dev.agentbench.api.BenchmarkKind}, owning what the child
 * measures, what the parent does around a fork, the figures the kind reports, how its forks merge and
 * how long a cell of it is guessed to take. Internal to the harness; not an API.
 */
package dev.agentbench.core.kind;
