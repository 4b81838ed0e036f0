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

    /**
     * {@code System.nanoTime()}, and the JVM's total compilation time where it is monitored. The
     * compilation bean is looked up at the first {@link #compilationNanos()}, by a warm-up: a cold
     * start, which reads only the clock, never loads the management classes it takes.
     */
    public static final JitClock SYSTEM = new JitClock() {
        @Override
        public long getAsLong() {
            return System.nanoTime();
        }

        @Override
        public long compilationNanos() {
            return Compilation.nanos();
        }
    };

    /** The JVM's compilation bean, looked up when first asked for (the holder idiom). */
    private static final class Compilation {
        private static final CompilationMXBean BEAN = ManagementFactory.getCompilationMXBean();
        private static final boolean MONITORED = BEAN != null && BEAN.isCompilationTimeMonitoringSupported();

        static long nanos() {
            return MONITORED ? BEAN.getTotalCompilationTime() * 1_000_000L : -1;
        }
    }

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
