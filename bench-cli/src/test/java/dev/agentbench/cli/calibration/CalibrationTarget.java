package dev.agentbench.cli.calibration;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.ScriptTurn;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A target of known cost, for the end-to-end test of {@code compare}: each turn spins on
 * {@link System#nanoTime} for a fixed wall time and answers the script's text, with no HTTP and no
 * framework. Spinning rather than sleeping keeps the cost exact on a busy machine: a sleeping thread
 * waits for a core when it wakes, a spinning one only when it is preempted; and short turns are
 * preempted less often than long ones.
 *
 * <p>Target options ({@code -O key=value}):
 * <ul>
 *   <li>{@code spinMicros}: the wall time of one turn, in microseconds (default 100);</li>
 *   <li>{@code slower}: the benchmark (by its script's name) whose turns spin longer (default none);</li>
 *   <li>{@code slowdown}: by how much, as a factor (default 1.2: 20% slower);</li>
 *   <li>{@code slowJvm}: the JVM, counted from 1 in the order they first open the target, whose turns
 *       spin {@code jvmSlowdown} times longer (default none): with one cell of three forks, fork 2 is
 *       JVM 2. The JVMs count themselves in the folder {@code jvmCounter} (required with it), each
 *       taking the first free file name {@code jvm-<N>} there;</li>
 *   <li>{@code jvmSlowdown}: by how much (default 2: twice the work).</li>
 *   <li>{@code slowerTarget}: which of {@code calibration} and {@code calibration-twin} is slowed
 *   (default both);</li>
 *   <li>{@code jvmSpread}: how far apart JVMs settle, as real frameworks' do: each JVM's turns spin
 *   longer or shorter by a factor drawn once per JVM, log-normal with this spread (default 0).</li>
 *   <li>{@code allocateBytes}: what each turn allocates besides its answer, in bytes, as arrays of 1 KiB
 *   and one of the rest (default 0);</li>
 *   <li>{@code moreAllocation}: a factor on {@code allocateBytes} for the target named by
 *   {@code moreAllocationTarget} (default 1: the same);</li>
 *   <li>{@code moreAllocationTarget}: which of {@code calibration} and {@code calibration-twin}
 *   allocates {@code moreAllocation} times as much (default both).</li>
 * </ul>
 * Built into its own plugin jar by the build ({@code src/test/calibration/plugin.xml}), so that a
 * real run of the packaged jar loads it as a third party's target.
 */
public class CalibrationTarget implements BenchTarget {

    public static final String NAME = "calibration";

    /**
     * The same code under another name, so that one run holds two columns of it: gate mode's test
     * compares them, as they are, and with one of them slowed ({@code slowerTarget}).
     */
    public static final class Twin extends CalibrationTarget {

        public static final String NAME = "calibration-twin";

        @Override
        public String name() {
            return NAME;
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Test target: spins a fixed wall time per turn, one benchmark optionally slower";
    }

    @Override
    public TargetHandle open(TargetContext context) {
        long spinMicros = positiveLong(context, "spinMicros", 100);
        double slowdown = factor(context, "slowdown", 1.2);
        String slowerTarget = context.option("slowerTarget", "");
        boolean slower = context.script().name().equals(context.option("slower", ""))
                && (slowerTarget.isEmpty() || slowerTarget.equals(name()));
        double spread = fraction(context, "jvmSpread");
        long spinNanos = Math.round(spinMicros * 1_000 * (slower ? slowdown : 1.0) * jvmFactor(spread));
        String slowJvm = context.option("slowJvm", "");
        if (!slowJvm.isEmpty() && Integer.parseInt(slowJvm) == jvmNumber(context)) {
            spinNanos = Math.round(spinNanos * factor(context, "jvmSlowdown", 2.0));
        }
        String moreTarget = context.option("moreAllocationTarget", "");
        double more = moreTarget.isEmpty() || moreTarget.equals(name()) ? factor(context, "moreAllocation", 1.0) : 1.0;
        long allocate = Math.round(Long.parseLong(context.option("allocateBytes", "0")) * more);
        return new Handle(context, spinNanos, allocate);
    }

    /** This JVM's number, from 1, taken once from the folder {@code jvmCounter}. */
    private static int jvm;

    private static synchronized int jvmNumber(TargetContext context) {
        if (jvm == 0) {
            java.nio.file.Path folder = java.nio.file.Path.of(context.option("jvmCounter", ""));
            for (int n = 1; jvm == 0; n++) {
                try {
                    java.nio.file.Files.createFile(folder.resolve("jvm-" + n));
                    jvm = n;
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    // an earlier JVM's: try the next
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException("Cannot count JVMs in [" + folder + "]", e);
                }
            }
        }
        return jvm;
    }

    /** This JVM's own factor: drawn once per JVM, as a JIT's or a heap's luck is. */
    private static Double jvmFactor;

    private static synchronized double jvmFactor(double spread) {
        if (jvmFactor == null) {
            jvmFactor = Math.exp(new java.util.Random(System.nanoTime()).nextGaussian() * spread);
        }
        return jvmFactor;
    }

    private static double fraction(TargetContext context, String key) {
        String value = context.option(key, "0");
        try {
            double parsed = Double.parseDouble(value);
            if (parsed >= 0 && parsed < 1) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("Target option [" + key + "] must be a fraction such as 0.03, was [" + value + "]");
    }

    /** A positive whole-number target option, refused in one line otherwise. */
    static long positiveLong(TargetContext context, String key, long defaultValue) {
        String value = context.option(key, Long.toString(defaultValue));
        try {
            long parsed = Long.parseLong(value);
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("Target option [" + key + "] must be a positive whole number, was [" + value + "]");
    }

    private static double factor(TargetContext context, String key, double defaultValue) {
        String value = context.option(key, Double.toString(defaultValue));
        try {
            double parsed = Double.parseDouble(value);
            if (parsed > 0 && Double.isFinite(parsed)) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("Target option [" + key + "] must be a positive factor such as 1.2, was ["
                + value + "]");
    }

    private static final class Handle implements TargetHandle {
        private final TargetContext context;
        private final long spinNanos;
        private final long allocateBytes;
        /** Where each turn's arrays are left, so that the JIT cannot prove them unused and leave them out. */
        private volatile Object sink;
        /** Turns played so far, per session. */
        private final Map<String, Integer> turns = new ConcurrentHashMap<>();

        Handle(TargetContext context, long spinNanos, long allocateBytes) {
            this.context = context;
            this.spinNanos = spinNanos;
            this.allocateBytes = allocateBytes;
        }

        /** Allocates about {@code allocateBytes}: arrays of 1 KiB and one of the rest. */
        private void allocate() {
            long left = allocateBytes;
            while (left > 0) {
                int size = (int) Math.min(1024, left);
                sink = new byte[size];
                left -= size + 16; // an array's header counts towards what the JVM allocates
            }
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) {
            int turn = turns.merge(sessionId, 1, Integer::sum) - 1;
            if (turn >= context.script().turns().size()) {
                throw new IllegalStateException("Session [" + sessionId + "] is past the end of script ["
                        + context.script().name() + "]");
            }
            ScriptTurn scripted = context.script().turns().get(turn);
            if (scripted.steps().stream().anyMatch(step -> !step.toolCalls().isEmpty())) {
                throw new IllegalStateException("The calibration target answers text-only scripts; ["
                        + context.script().name() + "] calls tools");
            }
            allocate();
            long end = System.nanoTime() + spinNanos;
            while (System.nanoTime() - end < 0) {
                Thread.onSpinWait();
            }
            return TurnResult.text(scripted.finalText());
        }

        @Override
        public void deleteSession(String userId, String sessionId) {
            turns.remove(sessionId);
        }

        @Override
        public void close() {
            turns.clear();
        }
    }
}
