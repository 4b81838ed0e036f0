package dev.agentbench.mock.internal;

import dev.agentbench.mock.ScriptLoad;
import io.vertx.core.Handler;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.AtomicHistogram;

/**
 * The load counters of one registered script ({@link ScriptLoad}), shared by every event loop and
 * lock-free: requests in flight and their peak, and how late each hold (a delay timer) fired (its
 * 99th percentile from an HdrHistogram {@link AtomicHistogram}, which records without locking or
 * allocating).
 *
 * <p>It also times the mock's own work on each reply it writes in full ({@link #served}): from the
 * request's last byte read to the reply's last byte written, less every wait the script asked for,
 * into a second histogram, in nanoseconds. Only the replies of the turns from {@code timedFromTurn}
 * on are timed: a benchmark that prepares its sessions with the script's first turns, untimed,
 * registers it so, and the serve times are then those of the requests its timed part makes, not of
 * the earlier turns' shorter ones. A request of an earlier turn counts through {@link #forTurn}'s
 * twin, which shares every counter but the serve times.
 *
 * <p>It is its own response end handler: {@link #accept} counts a request in, and the response's
 * end handler, which Vert.x calls exactly once per response (when it ends, or when its connection
 * closes first), counts it out — so no path leaks a count and none allocates.
 */
public final class LoadCounters implements Handler<Void> {

    /** The highest lateness the histogram tells apart: an hour, in microseconds. */
    static final long LATE_HIGHEST_MICROS = 3_600_000_000L;

    private final LongAdder requests;
    private final AtomicInteger inFlight;
    private final AtomicInteger maxInFlight;
    private final LongAdder holds;
    private final LongAdder heldNanos;
    private final AtomicLong lateMaxNanos;
    private final LongAdder lateTotalNanos;
    /** Microseconds of lateness, to within 1% (two significant digits); one hour and more count as one hour. */
    private final AtomicHistogram late;

    /** The longest serve time the histogram tells apart: ten seconds, in nanoseconds. */
    static final long SERVE_HIGHEST_NANOS = 10_000_000_000L;

    private final LongAdder served;
    private final LongAdder serveTotalNanos;
    /** Nanoseconds of the mock's own work per reply, to within 1%; ten seconds and more count as ten seconds. */
    private final AtomicHistogram serve;

    /** The first turn (from 0) whose replies are timed. */
    private final int timedFromTurn;
    /** Whether these counters time replies: false for the twin that counts the earlier turns' requests. */
    private final boolean timesServe;
    /** The counters a request of a turn before {@code timedFromTurn} counts into; itself when there is none. */
    private final LoadCounters earlierTurns;

    /** Counters that time every turn's replies. */
    public LoadCounters() {
        this(0);
    }

    /**
     * Counters that time the replies of the turns from {@code timedFromTurn} (from 0) on.
     *
     * @throws IllegalArgumentException when {@code timedFromTurn} is negative
     */
    public LoadCounters(int timedFromTurn) {
        if (timedFromTurn < 0) {
            throw new IllegalArgumentException("timedFromTurn [" + timedFromTurn + "] must be 0 or more");
        }
        this.requests = new LongAdder();
        this.inFlight = new AtomicInteger();
        this.maxInFlight = new AtomicInteger();
        this.holds = new LongAdder();
        this.heldNanos = new LongAdder();
        this.lateMaxNanos = new AtomicLong();
        this.lateTotalNanos = new LongAdder();
        this.late = new AtomicHistogram(LATE_HIGHEST_MICROS, 2);
        this.served = new LongAdder();
        this.serveTotalNanos = new LongAdder();
        this.serve = new AtomicHistogram(SERVE_HIGHEST_NANOS, 2);
        this.timedFromTurn = timedFromTurn;
        this.timesServe = true;
        this.earlierTurns = timedFromTurn == 0 ? this : new LoadCounters(this);
    }

    /** The twin of {@code timed}: the same counters, but it times no reply. */
    private LoadCounters(LoadCounters timed) {
        this.timedFromTurn = timed.timedFromTurn;
        this.timesServe = false;
        this.earlierTurns = this;
        this.requests = timed.requests;
        this.inFlight = timed.inFlight;
        this.maxInFlight = timed.maxInFlight;
        this.holds = timed.holds;
        this.heldNanos = timed.heldNanos;
        this.lateMaxNanos = timed.lateMaxNanos;
        this.lateTotalNanos = timed.lateTotalNanos;
        this.late = timed.late;
        this.served = timed.served;
        this.serveTotalNanos = timed.serveTotalNanos;
        this.serve = timed.serve;
    }

    /**
     * The counters a request of {@code turn} (from 0) counts into: these, or for a turn before {@code
     * timedFromTurn} their twin, which counts it in and out and records its holds but does not time
     * its reply.
     */
    public LoadCounters forTurn(int turn) {
        return turn >= timedFromTurn ? this : earlierTurns;
    }

    /**
     * Records the mock's own work on one reply written in full: {@code nanos}, its waits left out;
     * nothing on the twin of the earlier turns.
     */
    void served(long nanos) {
        if (!timesServe) {
            return;
        }
        long work = Math.max(1, nanos);
        served.increment();
        serveTotalNanos.add(work);
        serve.recordValue(Math.min(work, SERVE_HIGHEST_NANOS));
    }

    /** Counts a request in; the caller makes this object the response's end handler. */
    void accept() {
        requests.increment();
        int now = inFlight.incrementAndGet();
        int max = maxInFlight.get();
        while (now > max && !maxInFlight.compareAndSet(max, now)) {
            max = maxInFlight.get();
        }
    }

    /** The response's end handler: counts the request out. */
    @Override
    public void handle(Void ended) {
        inFlight.decrementAndGet();
    }

    /** Records a hold of {@code askedMs} whose timer was set at {@code setNanos} and fires now. */
    void held(long askedMs, long setNanos) {
        held(askedMs, setNanos, System.nanoTime());
    }

    /** Records a hold of {@code askedMs} whose timer was set at {@code setNanos} and fired at {@code firedNanos}. */
    void held(long askedMs, long setNanos, long firedNanos) {
        long asked = askedMs * 1_000_000L;
        long lateNanos = firedNanos - setNanos - asked;
        holds.increment();
        heldNanos.add(asked);
        if (lateNanos > 0) {
            lateTotalNanos.add(lateNanos);
            long max = lateMaxNanos.get();
            while (lateNanos > max && !lateMaxNanos.compareAndSet(max, lateNanos)) {
                max = lateMaxNanos.get();
            }
        }
        late.recordValue(Math.min(Math.max(0, lateNanos) / 1_000, LATE_HIGHEST_MICROS));
    }

    /** The counters now; each is read on its own, so a snapshot taken under load is not atomic. */
    public ScriptLoad snapshot() {
        long lateMaxMicros = lateMaxNanos.get() / 1_000;
        // The histogram answers with the highest value its bucket holds, which may pass the true
        // maximum; the percentile never does.
        return new ScriptLoad(requests.sum(), inFlight.get(), maxInFlight.get(), holds.sum(), heldNanos.sum(),
                lateMaxMicros, Math.min(late.getValueAtPercentile(99), lateMaxMicros), lateTotalNanos.sum() / 1_000,
                served.sum(), serve.getValueAtPercentile(50), serve.getValueAtPercentile(99), serveTotalNanos.sum());
    }
}
