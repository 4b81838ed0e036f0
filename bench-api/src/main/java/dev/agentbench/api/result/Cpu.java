package dev.agentbench.api.result;

/**
 * CPU time of the whole child process (every thread: the target's, the JIT's, the GC's) over the
 * timed pass, per operation. It barely moves with the machine's other load, and it is what a service
 * pays in cores.
 *
 * @param nanosPerOp CPU nanoseconds per iteration of the timed pass (at concurrency N an iteration
 *     is N sessions); for a cell over several forks, the median of the forks'
 * @param nanos CPU nanoseconds over the timed pass (summed over the forks of a cell)
 * @param ops iterations of the timed pass (summed over the forks of a cell)
 */
public record Cpu(double nanosPerOp, long nanos, long ops) {}
