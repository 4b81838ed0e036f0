package dev.agentbench.api.result;

import java.util.List;

/**
 * What a cell measured of memory, in a pass of its own so that measuring never perturbs timing.
 *
 * @param allocatedBytesPerOp median bytes allocated by all threads during one iteration; {@code null}
 *     when not measured
 * @param allocationExact {@code true} when the JVM counts the allocations of every thread, ended ones
 *     included ({@code ThreadMXBean.getTotalThreadAllocatedBytes}, there on HotSpot since JDK 14);
 *     {@code false} where only live threads can be summed, so that threads ending within an iteration
 *     are missed and the figure is a lower bound
 * @param retainedBytesPerUnit heap retained per {@code retainedUnit} after a settled GC, for footprint
 *     and session-growth benchmarks; {@code null} otherwise
 * @param retainedUnit what {@code retainedBytesPerUnit} is per: {@code agent} or {@code session}
 * @param allocationSamples the bytes each iteration of a fork's memory pass allocated, in the order
 *     measured, of which {@code allocatedBytesPerOp} is the median: what lets {@code compare} judge
 *     allocation with one fork a side; empty for a cell merged from its forks (each fork keeps its own),
 *     for retained-heap figures, and in results written before the field
 */
public record Memory(Double allocatedBytesPerOp, boolean allocationExact, Double retainedBytesPerUnit, String retainedUnit,
        List<Long> allocationSamples) {

    public Memory {
        allocationSamples = allocationSamples == null ? List.of() : List.copyOf(allocationSamples);
    }

    /** A figure without the samples it came from. */
    public Memory(Double allocatedBytesPerOp, boolean allocationExact, Double retainedBytesPerUnit, String retainedUnit) {
        this(allocatedBytesPerOp, allocationExact, retainedBytesPerUnit, retainedUnit, List.of());
    }
}
