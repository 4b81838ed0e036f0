package dev.agentbench.api.result;

/**
 * What the cell's JVM did while it measured (warm-up, timed and memory passes together).
 *
 * @param gcCount garbage collections
 * @param gcPauseMillis total time in collection pauses, in milliseconds
 * @param classesLoaded classes loaded by the JVM since its start
 * @param peakThreads the most live threads at one time
 * @param peakRssBytes the peak resident set size of the process where the OS reports it (Linux's
 *     {@code VmHWM}); {@code null} elsewhere
 * @param runtime which JVM it was (feature version, {@code java.home}, VM name and version), as the
 *     child read it; {@code null} in results written before it was recorded
 */
public record JvmContext(long gcCount, double gcPauseMillis, long classesLoaded, int peakThreads, Long peakRssBytes,
        JvmRuntime runtime) {

    /** A context that does not say which JVM it was. */
    public JvmContext(long gcCount, double gcPauseMillis, long classesLoaded, int peakThreads, Long peakRssBytes) {
        this(gcCount, gcPauseMillis, classesLoaded, peakThreads, peakRssBytes, null);
    }
}
