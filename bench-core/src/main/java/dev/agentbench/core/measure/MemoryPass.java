package dev.agentbench.core.measure;

import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.TimeStats;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Allocated bytes per iteration across all threads, in a pass of its own after the timed one so
 * that measuring memory never perturbs timing. The figure is the median over the pass, less what a
 * reading of the counter itself allocates.
 */
final class MemoryPass {

    private MemoryPass() {}

    /**
     * Runs {@code iterations} iterations each measured by the allocation counter.
     *
     * @return the median bytes per iteration, each iteration's, and whether the count is exact; {@code null} when this
     *     JVM does not count allocated bytes per thread
     */
    public static Memory allocated(Passes passes, Passes.Counted iteration, int iterations, Consumer<String> log)
            throws IterationFailedException {
        Optional<AllocationCounter> counter = AllocationCounter.create();
        if (counter.isEmpty()) {
            log.accept("memory: this JVM does not count allocated bytes per thread");
            return null;
        }
        AllocationCounter allocated = counter.get();
        long selfCost = allocated.selfCost();
        long[] bytes = passes.measured("memory", "m",
                tag -> Math.max(0, iteration.run(tag, allocated) - selfCost), iterations);
        TimeStats stats = Statistics.of(bytes);
        log.accept(String.format("memory: %d iterations, allocated %.0f bytes/op median (min %.0f, max %.0f),"
                + " all threads%s", iterations, stats.median(), stats.min(), stats.max(),
                allocated.exact() ? "" : " alive across the iteration (a lower bound)"));
        return new Memory(stats.median(), allocated.exact(), null, null, Arrays.stream(bytes).boxed().toList());
    }
}
