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
 * into a second histogram, in nanoseconds.
 *
 * <p>It is its own response end handler: {@link #accept} counts a request in, and the response's
 * end handler, which Vert.x calls exactly once per response (when it ends, or when its connection
 * closes first), counts it out — so no path leaks a count and none allocates.
 */
public final class LoadCounters implements Handler<Void> {

    /** The highest lateness the histogram tells apart: an hour, in microseconds. */
    static final long LATE_HIGHEST_MICROS = 3_600_000_000L;

    private final LongAdder requests = new LongAdder();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final LongAdder holds = new LongAdder();
    private final LongAdder heldNanos = new LongAdder();
    private final AtomicLong lateMaxNanos = new AtomicLong();
    private final LongAdder lateTotalNanos = new LongAdder();
    /** Microseconds of lateness, to within 1% (two significant digits); one hour and more count as one hour. */
    private final AtomicHistogram late = new AtomicHistogram(LATE_HIGHEST_MICROS, 2);

    /** The longest serve time the histogram tells apart: ten seconds, in nanoseconds. */
    static final long SERVE_HIGHEST_NANOS = 10_000_000_000L;

    private final LongAdder served = new LongAdder();
    private final LongAdder serveTotalNanos = new LongAdder();
    /** Nanoseconds of the mock's own work per reply, to within 1%; ten seconds and more count as ten seconds. */
    private final AtomicHistogram serve = new AtomicHistogram(SERVE_HIGHEST_NANOS, 2);

    /** Records the mock's own work on one reply written in full: {@code nanos}, its waits left out. */
    void served(long nanos) {
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
