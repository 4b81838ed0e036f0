/**
 * Internal: what runs inside a cell's child JVM to measure it — one procedure per benchmark kind
 * ({@code SessionsProcedure}, {@code ConstructionProcedure}, {@code FootprintProcedure}, {@code
 * GrowthProcedure}), the passes they share (warm-up, timed, memory), one iteration of N concurrent
 * sessions, the per-turn timing decorator, heap settling, and the statistics over the samples. Every
 * timing reads an injected clock ({@link java.util.function.LongSupplier} of nanoseconds), so tests
 * need no sleep. Not an API; may change in any release.
 */
package dev.agentbench.core.measure;
