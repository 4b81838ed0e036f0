package dev.agentbench.core.measure;

import dev.agentbench.api.result.JvmContext;
import dev.agentbench.api.result.JvmRuntime;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The JVM around a cell, read through micrometer's JVM binders: GC pauses, classes loaded, peak
 * live threads; and the process's peak resident set where Linux reports it. GC pauses are counted
 * from the moment the meters are made.
 */
public final class JvmMeters implements AutoCloseable {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final JvmGcMetrics gc = new JvmGcMetrics();

    /**
     * What the JVM had done at one moment.
     *
     * @param gcPauses GC pauses so far
     * @param gcPauseMillis their total time
     * @param classesLoaded classes loaded now
     * @param peakThreads the most live threads so far
     * @param peakRssBytes the process's peak resident set size ({@code VmHWM}), or -1 when unknown
     */
    public record Snapshot(long gcPauses, double gcPauseMillis, long classesLoaded, long peakThreads,
            long peakRssBytes) {

        /** As the result model records it. */
        public JvmContext toResult() {
            return new JvmContext(gcPauses, gcPauseMillis, classesLoaded, (int) peakThreads,
                    peakRssBytes < 0 ? null : peakRssBytes, JvmRuntime.current());
        }
    }

    public JvmMeters() {
        gc.bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
    }

    public Snapshot snapshot() {
        long pauses = 0;
        double pauseMillis = 0;
        for (Timer timer : registry.find("jvm.gc.pause").timers()) {
            pauses += timer.count();
            pauseMillis += timer.totalTime(TimeUnit.MILLISECONDS);
        }
        return new Snapshot(pauses, pauseMillis, (long) gauge("jvm.classes.loaded"), (long) gauge("jvm.threads.peak"),
                peakRss());
    }

    /**
     * The same figures read straight from the platform MXBeans, counting from the JVM's start: for a
     * cold start, where binding micrometer first would load classes into the measurement.
     */
    public static Snapshot sinceStart() {
        GcCounts gc = GcCounts.now();
        return new Snapshot(gc.collections(), gc.millis(),
                ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount(),
                ManagementFactory.getThreadMXBean().getPeakThreadCount(), peakRss());
    }

    private double gauge(String name) {
        Gauge gauge = registry.find(name).gauge();
        return gauge == null ? -1 : gauge.value();
    }

    /** {@code VmHWM} of {@code /proc/self/status} in bytes, or -1 off Linux. */
    static long peakRss() {
        Path status = Path.of("/proc/self/status");
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmHWM:")) {
                    String[] parts = line.substring("VmHWM:".length()).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
