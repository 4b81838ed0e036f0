package dev.agentbench.core.measure;

import java.util.Locale;

/**
 * Bounds what a leak can do to the heap of a retained-heap cell (footprint, session growth), whose
 * warm-up is timed and would otherwise let a target that keeps something of every deleted session
 * fill the heap and end as a bare {@link OutOfMemoryError}.
 *
 * <p>The warm-up is watched in units (sessions or agents) between its iterations, outside their
 * timed regions: the heap is settled ({@link HeapSettler}) after {@link #FIRST_CHECK} units and
 * then whenever the rate seen so far says the warm-up would have retained {@link #WARMUP_SHARE} of
 * the heap; also at once whenever the used heap (garbage included) passes {@link #HARD_SHARE} of
 * it. Once a settled reading shows half of that share retained since the warm-up began, the
 * warm-up ends there and its rate (retained bytes over the units run) says whether the measurement
 * fits: if its units would take the retained heap past {@link #LIMIT_SHARE} of the heap, the cell
 * fails with that rate ({@link HeapFilledException}). The measurement itself is watched at {@link
 * #HARD_SHARE} alone, with its own rate, so that it is never stopped by a guess. A heap that never
 * grows is settled a few times in a warm-up, each further apart than the one before.
 */
final class HeapBudget {

    /** The most of the heap a warm-up is meant to leave retained; it ends at half of it. */
    static final double WARMUP_SHARE = 0.25;

    /** The most of the heap the retained heap may reach by the measurement's end. */
    static final double LIMIT_SHARE = 0.75;

    /** Used heap, garbage included, beyond which a watch settles the heap whatever its schedule. */
    static final double HARD_SHARE = 0.9;

    /** Units of the warm-up before its first settled reading. */
    static final int FIRST_CHECK = 64;

    /** What the watch reads of the heap; {@link #jvm()} outside tests. */
    interface Heap {
        /** The most the heap may grow to, in bytes. */
        long max();

        /** The used heap now, garbage included, in bytes; read without allocating. */
        long used();

        /** The used heap after settling it, in bytes. */
        long settled();

        /** This JVM's heap. */
        static Heap jvm() {
            Runtime runtime = Runtime.getRuntime();
            return new Heap() {
                @Override
                public long max() {
                    return runtime.maxMemory();
                }

                @Override
                public long used() {
                    return runtime.totalMemory() - runtime.freeMemory();
                }

                @Override
                public long settled() {
                    return HeapSettler.settledUsedHeap();
                }
            };
        }
    }

    /**
     * What the cell measures, for its message.
     *
     * @param benchmark the benchmark's name
     * @param unit {@code session} or {@code agent}
     * @param count the units the measurement runs
     * @param measures how the measurement uses them and the option that sets their number
     * @param held whether the measurement keeps its units (agents held), so that what it retains is
     *     held, not leaked
     */
    record Cell(String benchmark, String unit, int count, String measures, boolean held) {}

    private final Heap heap;
    private final Cell cell;
    private final long baseline;
    private long nextCheck = FIRST_CHECK;
    private long settled = -1;
    private int settledAt = -1;
    private boolean ended;
    private long before = -1;

    /** Settles the heap for the warm-up's baseline reading. */
    HeapBudget(Heap heap, Cell cell) {
        this.heap = heap;
        this.cell = cell;
        this.baseline = heap.settled();
    }

    /** Whether the warm-up was ended by this budget rather than by its own rules. */
    boolean endedWarmup() {
        return ended;
    }

    /** The retained heap of the warm-up's last settled reading, in bytes; 0 before there is one. */
    long warmupRetained() {
        return settledAt < 0 ? 0 : settled - baseline;
    }

    /**
     * The watch of the warm-up, after each unit: {@code true} to end the warm-up now.
     *
     * @param done units of the warm-up run so far
     */
    boolean endWarmup(int done) {
        if (done < nextCheck && heap.used() < HARD_SHARE * heap.max()) {
            return false;
        }
        settled = heap.settled();
        settledAt = done;
        long retained = settled - baseline;
        long budget = (long) (WARMUP_SHARE * heap.max());
        if (retained >= budget / 2) {
            ended = true;
            return true;
        }
        double rate = retained / (double) done;
        long more = rate > 0 ? (long) Math.ceil((budget - retained) / rate) : done;
        nextCheck = done + Math.max(1, more);
        return false;
    }

    /**
     * The settled reading the measurement starts from: the warm-up's last one when this budget ended
     * it at {@code warmupDone} units (nothing ran since), else a new one.
     *
     * @throws HeapFilledException when the warm-up was ended by this budget and its rate says that
     *     the measurement's units would take the retained heap past {@link #LIMIT_SHARE} of the heap
     */
    long before(int warmupDone) {
        return before(warmupDone, false);
    }

    /**
     * As {@link #before(int)}, with a new reading whatever the warm-up's last one when {@code stale}
     * (something the heap held has gone since: threads that ended).
     */
    long before(int warmupDone, boolean stale) {
        before = ended && settledAt == warmupDone && !stale ? settled : heap.settled();
        if (ended) {
            double rate = (before - baseline) / (double) warmupDone;
            if (rate > 0 && before + rate * cell.count() > LIMIT_SHARE * heap.max()) {
                long fit = (long) Math.max(0, (LIMIT_SHARE * heap.max() - before) / rate);
                throw new HeapFilledException(message("leaks", rate, warmupDone, "warm-up " + cell.unit() + "s", fit));
            }
        }
        return before;
    }

    /**
     * The watch of the measurement, after each unit: settles the heap when its used heap passes
     * {@link #HARD_SHARE}, and fails the cell when the rate of the units measured so far would take the
     * retained heap past {@link #LIMIT_SHARE} of the heap by the last unit. A heap that is full
     * but no longer grows is measured.
     *
     * @param done units of the measurement run so far
     * @throws HeapFilledException with that rate
     */
    void measured(int done) {
        if (heap.used() < HARD_SHARE * heap.max()) {
            return;
        }
        long now = heap.settled();
        double rate = (now - before) / (double) done;
        if (rate > 0 && now + rate * (cell.count() - done) > LIMIT_SHARE * heap.max()) {
            long fit = done + (long) Math.max(0, (LIMIT_SHARE * heap.max() - now) / rate);
            throw new HeapFilledException(message(cell.held() ? "holds" : "leaks", rate, done,
                    "measured " + cell.unit() + "s", fit));
        }
    }

    /**
     * {@code session_growth leaks about 5 MiB per session (over 64 warm-up sessions): 204 sessions
     * would fill the 1 GiB heap and 89 fit in what is left, fewer than the 500 it runs between two
     * settled heap readings (--growth-sessions); measure fewer, or give the cell more heap
     * (--jvm-arg=-Xmx...)}: what is left is what lies below {@link #LIMIT_SHARE} of the heap.
     */
    private String message(String verb, double rate, int over, String what, long fit) {
        return String.format(Locale.ROOT, "%s %s about %s per %s (over %,d %s): %,d %ss would fill the %s heap and"
                        + " %,d fit in what is left, fewer than the %,d %s; measure fewer, or give the cell more heap"
                        + " (--jvm-arg=-Xmx...)",
                cell.benchmark(), verb, bytes(rate), cell.unit(), over, what, (long) (heap.max() / rate), cell.unit(),
                bytes(heap.max()), fit, cell.count(), cell.measures());
    }

    /** {@code 512 bytes}, {@code 32 KiB}, {@code 4.5 MiB}, {@code 1 GiB}: one decimal unless whole. */
    static String bytes(double bytes) {
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        if (Math.abs(bytes) < 1024) {
            return Math.round(bytes) + " bytes";
        }
        double value = bytes / 1024;
        int unit = 0;
        while (Math.abs(value) >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        String number = String.format(Locale.ROOT, "%.1f", value);
        return (number.endsWith(".0") ? number.substring(0, number.length() - 2) : number) + " " + units[unit];
    }
}
