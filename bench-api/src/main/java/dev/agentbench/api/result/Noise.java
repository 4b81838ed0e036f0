package dev.agentbench.api.result;

/**
 * What the machine did around one fork's timed pass, besides the fork's own work: read on Linux from
 * {@code /proc/stat} and the {@code /proc/<pid>/stat} of the processes of the cell itself. Elsewhere
 * nothing is read and a fork has no noise ({@code null}), never zeros.
 *
 * @param seconds how long the reading ran: the fork's timed pass, in seconds of wall time
 * @param cpus how many CPUs {@code /proc/stat} counted
 * @param stealPercent the share of the machine's CPU time the hypervisor gave to other guests
 *     ({@code steal}), in percent of all its CPUs; {@code null} where the kernel does not count it
 * @param otherCpuPercent the CPU time every process but the cell's own used (the machine's busy time
 *     less the cell's JVM, the mock and the harness), in percent of all the machine's CPUs: 50 on a
 *     2-CPU machine is one CPU kept busy by others throughout the pass
 * @param disturbed whether the harness found the fork disturbed: steal or others' CPU above the
 *     run's thresholds
 */
public record Noise(double seconds, int cpus, Double stealPercent, double otherCpuPercent, boolean disturbed) {

    public Noise {
        if (cpus < 1) {
            throw new IllegalArgumentException("A noise reading needs at least one CPU, got [" + cpus + "]");
        }
    }

    /** This reading, found disturbed or not. */
    public Noise judged(boolean disturbed) {
        return new Noise(seconds, cpus, stealPercent, otherCpuPercent, disturbed);
    }
}
