package dev.agentbench.cli.calibration;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Targets of known growth, for the known-answer test of the cost curves: a turn of {@link
 * SweepBenchmark} at size x spins on {@link System#nanoTime} for {@code floor + top × (x / 256)^p}
 * microseconds (real CPU and wall time, no HTTP and no framework), with p = 2 for {@code
 * calibration-square} and p = 1 for {@code calibration-linear}; and each session keeps {@code
 * retainTop × (x / 256)^p} bytes until it is deleted, so that its retained heap grows the same way.
 *
 * <p>Target options ({@code -O key=value}):
 * <ul>
 *   <li>{@code floorMicros}: the spin every turn pays whatever the size, the floor (default 20);</li>
 *   <li>{@code topMicros}: the growing spin at size 256 (default 2000);</li>
 *   <li>{@code retainTopBytes}: what a session keeps at size 256 (default 65536).</li>
 * </ul>
 */
public class GrowingTarget implements BenchTarget {

    /** Where the cost's size is said: the user message of {@link SweepBenchmark}. */
    private static final Pattern SIZE = Pattern.compile("size=(\\d+)");

    /** The size at which the growing parts reach their {@code top}. */
    static final double TOP_SIZE = 256;

    /** The cost grows as the square of the size. */
    public static final class Square extends GrowingTarget {
        public static final String NAME = "calibration-square";

        public Square() {
            super(NAME, 2);
        }
    }

    /** The cost grows in proportion to the size. */
    public static final class Linear extends GrowingTarget {
        public static final String NAME = "calibration-linear";

        public Linear() {
            super(NAME, 1);
        }
    }

    private final String name;
    private final int power;

    GrowingTarget(String name, int power) {
        this.name = name;
        this.power = power;
    }

    /** The user message of a turn at {@code size}. */
    static String message(int size) {
        return "Answer at size=" + size + ".";
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "Test target: a turn's spin and a session's heap grow as size^" + power + " over a fixed floor";
    }

    @Override
    public TargetHandle open(TargetContext context) {
        long floor = CalibrationTarget.positiveLong(context, "floorMicros", 20) * 1_000;
        long top = CalibrationTarget.positiveLong(context, "topMicros", 2_000) * 1_000;
        long retainTop = CalibrationTarget.positiveLong(context, "retainTopBytes", 64 * 1024);
        return new Handle(floor, top, retainTop, power);
    }

    private static final class Handle implements TargetHandle {
        private final long floorNanos;
        private final long topNanos;
        private final long retainTopBytes;
        private final int power;
        /** What each live session keeps. */
        private final Map<String, byte[]> kept = new ConcurrentHashMap<>();

        Handle(long floorNanos, long topNanos, long retainTopBytes, int power) {
            this.floorNanos = floorNanos;
            this.topNanos = topNanos;
            this.retainTopBytes = retainTopBytes;
            this.power = power;
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) {
            Matcher size = SIZE.matcher(message);
            if (!size.find()) {
                throw new IllegalStateException("The growing calibration targets answer [" + SweepBenchmark.NAME
                        + "] alone, whose message names a size; got [" + message + "]");
            }
            int x = Integer.parseInt(size.group(1));
            double share = Math.pow(x / TOP_SIZE, power);
            kept.put(sessionId, new byte[(int) Math.round(retainTopBytes * share)]);
            spin(floorNanos + Math.round(topNanos * share));
            return TurnResult.text(SweepBenchmark.reply(x)); // what the benchmark's script says at that size
        }

        /** Spins on the clock for {@code nanos}, as {@link CalibrationTarget} does. */
        private static void spin(long nanos) {
            long end = System.nanoTime() + nanos;
            while (System.nanoTime() - end < 0) {
                Thread.onSpinWait();
            }
        }

        @Override
        public void deleteSession(String userId, String sessionId) {
            kept.remove(sessionId);
        }

        @Override
        public void close() {
            kept.clear();
        }
    }
}
