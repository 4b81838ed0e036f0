/**
 * Internal: what runs inside a cell's child JVM to measure it — the warm-up and timed passes, one
 * iteration of N concurrent sessions, and the statistics over the samples. Every timing reads an
 * injected clock ({@link java.util.function.LongSupplier} of nanoseconds), so tests need no sleep.
 * Not an API; may change in any release.
 */
package dev.agentbench.core.measure;
