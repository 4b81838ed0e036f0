package dev.agentbench.core.measure;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * The machine's monotonic clock that also tells how long the JIT compiler has compiled so far: what
 * a fork's warm-up reads to see whether the compiler has gone quiet ({@link Passes#warmup}). Only the
 * child's clock is one; a clock of a test ({@code () -> fake}) is a plain {@link LongSupplier}, whose
 * warm-up never waits for the compiler.
 */
public abstract class JitClock implements LongSupplier {

    /** {@code System.nanoTime()}, and the JVM's total compilation time where it is monitored. */
    public static final JitClock SYSTEM = new JitClock() {
        private final CompilationMXBean compilation = ManagementFactory.getCompilationMXBean();
        private final boolean monitored = compilation != null && compilation.isCompilationTimeMonitoringSupported();

        @Override
        public long getAsLong() {
            return System.nanoTime();
        }

        @Override
        public long compilationNanos() {
            return monitored ? compilation.getTotalCompilationTime() * 1_000_000L : -1;
        }
    };

    /**
     * The time the JIT compiler threads have spent compiling since the JVM started, summed over them,
     * in nanoseconds (HotSpot counts it in milliseconds); negative where the JVM does not tell.
     */
    public abstract long compilationNanos();

    /** How long the compiler has compiled so far by {@code clock}, or -1 when {@code clock} does not tell. */
    static long compilationNanos(LongSupplier clock) {
        return clock instanceof JitClock jit ? jit.compilationNanos() : -1;
    }
}
