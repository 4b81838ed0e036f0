package dev.agentbench.core.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/** The CPU time of this whole process (every thread), where the JVM tells it. */
final class ProcessCpu {

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
