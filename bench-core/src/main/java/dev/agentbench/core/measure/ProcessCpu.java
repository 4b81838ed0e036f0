package dev.agentbench.core.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/** The CPU time of this whole process (every thread), where the JVM tells it. */
final class ProcessCpu {

    /**
     * The least CPU time a pass must use for its figure to be given: the process CPU clock counts in
     * scheduler ticks (10 ms on Linux with HotSpot), so a pass of 1 s of CPU or more is read within
     * 1%. Shorter ones (a pass of milliseconds, a benchmark that mostly waits) get no figure rather
     * than a wrong one.
     */
    static final long LEAST_NANOS = 1_000_000_000L;

    private ProcessCpu() {}

    /** CPU nanoseconds used by this process so far; negative when the JVM does not tell. */
    static long nanos() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean hotspot) {
            return hotspot.getProcessCpuTime();
        }
        return -1;
    }
}
