package dev.agentbench.api.result;

/**
 * CPU time of the whole child process (every thread: the target's, the JIT's, the GC's) over the
 * timed pass, per operation. It barely moves with the machine's other load, and it is what a service
 * pays in cores. Where the threads' own clocks can be read (Linux), it is split: the JIT compiler's
 * threads, the collector's (and the VM thread, which runs its pauses), and the rest, the session
 * threads' own work with the harness's.
 *
 * @param nanosPerOp CPU nanoseconds per iteration of the timed pass (at concurrency N an iteration
 *     is N sessions); for a cell over several forks, the median of the forks'
 * @param nanos CPU nanoseconds over the timed pass (summed over the forks of a cell)
 * @param ops iterations of the timed pass (summed over the forks of a cell)
 * @param ownNanosPerOp the CPU nanoseconds per iteration of every thread but the JIT compiler's and the
 *     collector's: what the sessions' own work cost, without the compilations and collections that
 *     happened to fall in the pass; for a cell, the median of the forks'; {@code null} where the
 *     threads could not be told apart (not Linux, a thread that ended within the pass)
 * @param compilerNanos the JIT compiler threads' CPU nanoseconds over the timed pass (summed over the
 *     forks of a cell); {@code null} where the threads could not be told apart
 * @param gcNanos the collector's threads' and the VM thread's CPU nanoseconds over the timed pass
 *     (summed over the forks of a cell); {@code null} where the threads could not be told apart
 */
public record Cpu(double nanosPerOp, long nanos, long ops, Double ownNanosPerOp, Long compilerNanos, Long gcNanos) {

    /** The whole process's CPU time, not split by thread. */
    public Cpu(double nanosPerOp, long nanos, long ops) {
        this(nanosPerOp, nanos, ops, null, null, null);
    }

    /** This reading for operations that each stand for {@code batch} operations timed together. */
    public Cpu perOperationOf(int batch) {
        return new Cpu(nanosPerOp / batch, nanos, ops * batch, ownNanosPerOp == null ? null : ownNanosPerOp / batch,
                compilerNanos, gcNanos);
    }
}
