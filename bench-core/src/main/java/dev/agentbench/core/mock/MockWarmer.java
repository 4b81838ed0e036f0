package dev.agentbench.core.mock;

import com.google.common.math.Quantiles;
import dev.agentbench.api.result.MockWarmup;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import dev.agentbench.mockclient.MockAdmin;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Warms the mock before the first cell, so that its JIT never lands in a measured cell: under one
 * connection a fresh mock's median went 209 → 80 → 63 → 55 µs over its first 12 s of load, and a
 * run's first cells paid for it.
 *
 * <p>Every script of the run is registered under a warm-up name of its own
 * ({@code warmup-<i>-<name>}), so that the warm-up never touches what a cell registers, and every
 * position (turn, step) of it is requested in both stream modes with the request a real client
 * sends there ({@link MockWarmCall}). A step whose {@link dev.agentbench.api.script.Fault fault}
 * only waits (a delay before the first byte or before each streamed chunk) is served without its
 * waits ({@link #withoutWaits}): its reply is the same code, and a run of nothing but chunk-delayed
 * streams must not leave the mock cold. Positions whose step has any other fault — an error
 * status, a hang, a cut or malformed reply — are skipped: the warm-up never hangs or waits on
 * purpose, and never takes an injected error for a broken mock. Every reply is checked; any other status or a wrong or malformed reply
 * fails the warm-up, since a run must not go on against a broken mock.
 *
 * <p>Time runs in windows of {@link Settings#window()}. Each window gives every concurrency level of
 * the run an equal share of its time, lowest level first: N threads send requests at once, taking
 * the next (script, position, stream mode) round-robin, so that every level warms all along and
 * the warm-up does not last once per level. After each level's share the warm-up takes a reading:
 * the mock's own mean time per request over that share, from its {@link MockWarmMetrics timer}
 * (what the mock's JIT changes, free of this client's and the scheduler's noise), or, from a mock
 * without the timer, the median latency this client saw. It ends when at least {@link
 * Settings#minTime()} has passed and, at every level, the last {@link Settings#steadyWindows()}
 * readings are all within {@link Settings#band()} of their own median and not each lower than the
 * one before ({@code steady}); or at
 * {@link Settings#maxTime()}, or when {@code stop} says so (not steady). The result's medians are
 * the ones this client saw, over all levels of the first and the last window.
 *
 * <p>It leaves nothing behind: its scripts are unregistered (on failure too) and its threads ended.
 * On JDK 17 the {@link HttpClient} has no {@code close()}: its own selector thread and idle
 * connections last until it is garbage collected; from JDK 21 on it is closed.
 */
public final class MockWarmer {

    /** The longest one request may take before the warm-up fails; a normal reply takes milliseconds. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
    private static final String NAME_PREFIX = "warmup-";

    private MockWarmer() {}

    /**
     * How long the warm-up runs and what counts as steady.
     *
     * @param window the length of one window, which gives one reading per concurrency level
     * @param minTime the shortest warm-up, steady or not
     * @param maxTime the longest warm-up; reaching it means not steady
     * @param band how far, as a fraction, each of the last readings may be from their median
     * @param steadyWindows how many last readings must be within the band, at least 2
     */
    public record Settings(Duration window, Duration minTime, Duration maxTime, double band, int steadyWindows) {

        public Settings {
            Objects.requireNonNull(window, "window");
            Objects.requireNonNull(minTime, "minTime");
            Objects.requireNonNull(maxTime, "maxTime");
            if (window.isNegative() || window.isZero()) {
                throw new IllegalArgumentException("Mock warm-up window [" + window + "] must be positive");
            }
            if (minTime.isNegative()) {
                throw new IllegalArgumentException("Mock warm-up minimum time [" + minTime + "] must not be negative");
            }
            if (maxTime.compareTo(minTime) < 0 || maxTime.compareTo(window) < 0) {
                throw new IllegalArgumentException("Mock warm-up maximum time [" + maxTime
                        + "] must be at least the minimum time [" + minTime + "] and the window [" + window + "]");
            }
            if (!(band > 0 && band < 1)) {
                throw new IllegalArgumentException("Mock warm-up band [" + band + "] must be between 0 and 1");
            }
            if (steadyWindows < 2) {
                throw new IllegalArgumentException("Mock warm-up steady windows [" + steadyWindows + "] must be at least 2");
            }
        }

        /**
         * 1 s windows, at least 3 s, at most 30 s; steady when, at every level, the last 4 readings
         * are within ±15% of their median and not each lower than the one before.
         *
         * <p>Measured on a shared 2-core machine while other builds ran (JDK 17; a fresh mock JVM
         * with {@code -Xmx512m}; turn1-, turn5-, loop5- and tools_parallel-like scripts; eight runs of
         * 30 s, at concurrency 1 and at 1 and 8): the mock's own time per request fell from
         * 400-1,000 µs in the first second to a floor of 8-12 µs after 10-17 s (40,000-50,000
         * requests), through plateaus of up to 3 s (about 45 µs, then 12 µs). The median this client
         * saw fell from 2.5-9 ms to about 50 µs, then switched between about 50 and 130 µs for
         * seconds at a time with the scheduler, which is why it is not the reading. Replayed on those
         * runs, 4 readings of 1 s within ±15% never stopped above 1.2× the floor, and stopped after
         * 12-27 s in seven runs; the eighth (at 1 and 8) reached the cap, not steady, its readings at
         * 8 scattered ±30% though the mock had been at its floor since about 12 s. 3 readings, or
         * readings of 500 ms, stopped on plateaus at 1.6-12× the floor; ±5% was seldom reached
         * within 30 s.
         */
        public static Settings defaults() {
            return new Settings(Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofSeconds(30), 0.15, 4);
        }
    }

    /**
     * One finished window, for progress and for the measurement behind the defaults.
     *
     * @param index the window, from 0
     * @param elapsedMillis time since the warm-up began, at the window's end
     * @param requests requests answered in this window
     * @param medianMicros the median latency of all its requests, as this client saw them
     * @param levelMedianMicros the same at each concurrency level, lowest first ({@code NaN} for a
     *     level that did not run)
     * @param levelMockMicros the mock's own mean time per request at each level ({@code NaN} when it
     *     does not serve its timer)
     */
    record Window(int index, long elapsedMillis, long requests, double medianMicros, List<Double> levelMedianMicros,
            List<Double> levelMockMicros) {}

    /**
     * Warms the mock at {@code baseUrl} (for example {@code http://127.0.0.1:41234}, no {@code /v1}):
     * registers each script, without its request checks (the warm-up's own requests carry a short
     * history and tool list of their own, not the workload's), under its own warm-up name with the admin API
     * ({@code PUT /admin/scripts/<name>}, served at {@code /s/<name>/v1/chat/completions}), drives it
     * as the class comment says, and unregisters it, also on failure.
     *
     * @param scripts the scripts the run uses; none means nothing to do (0 requests, not steady)
     * @param concurrency every concurrency level of the run, each at least 1
     * @param stop asked by the calling thread every few milliseconds; once true, the warm-up ends at
     *     once and returns what it did, not steady
     * @throws IOException naming the script, position and status of a failed request, or the admin
     *     call the mock refused; {@link InterruptedIOException} if the calling thread is interrupted
     */
    public static MockWarmup warm(URI baseUrl, List<Script> scripts, List<Integer> concurrency, Settings settings,
            BooleanSupplier stop) throws IOException {
        return warm(baseUrl, scripts, concurrency, settings, stop, window -> { });
    }

    /** {@link #warm(URI, List, List, Settings, BooleanSupplier)}, telling {@code onWindow} each window. */
    static MockWarmup warm(URI baseUrl, List<Script> scripts, List<Integer> concurrency, Settings settings,
            BooleanSupplier stop, Consumer<Window> onWindow) throws IOException {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(stop, "stop");
        Objects.requireNonNull(onWindow, "onWindow");
        List<Script> toWarm = List.copyOf(scripts);
        List<Integer> levels = levels(concurrency);
        long start = System.nanoTime();
        if (toWarm.isEmpty() || stop.getAsBoolean()) {
            return new MockWarmup(0, 0, 0, 0, false);
        }
        List<Thread> senders = new CopyOnWriteArrayList<>();
        ExecutorService workers = Executors.newFixedThreadPool(levels.get(levels.size() - 1),
                threads("agentbench-mock-warmup-", senders));
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(REQUEST_TIMEOUT)
                // Replies are handled on the client's selector thread, not handed to a pool: fewer
                // thread hops per request, so more requests a second warm the mock (measured at one
                // connection: 7,000-15,000 a second, against 4,000-8,000 with a pooled executor).
                .executor(Runnable::run)
                .build();
        MockAdmin admin = new MockAdmin(client, baseUrl);
        String base = admin.base();
        List<String> registered = new ArrayList<>();
        MockWarmup result;
        try {
            List<MockWarmCall> calls = new ArrayList<>();
            for (int i = 0; i < toWarm.size(); i++) {
                Script script = withoutWaits(toWarm.get(i).withoutExpectations());
                String name = warmName(i, script.name());
                admin.register(new Script(name, script.turns()));
                registered.add(name);
                calls.addAll(MockWarmCall.of(script, URI.create(base + "/s/" + name + "/v1/chat/completions"),
                        REQUEST_TIMEOUT));
            }
            result = calls.isEmpty() ? new MockWarmup(millisSince(start), 0, 0, 0, false)
                    : new MockWarmDrive(client, base, calls, workers, stop).run(levels, settings, start, onWindow);
        } catch (Throwable e) {
            IOException cleanup = cleanUp(client, admin, registered, workers, senders);
            if (cleanup != null) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        IOException cleanup = cleanUp(client, admin, registered, workers, senders);
        if (cleanup != null) {
            throw cleanup;
        }
        return result;
    }

    /**
     * {@code script} with every step whose fault only waits (a delay before the first byte, before
     * each streamed chunk, or both) served at once, as the step without its fault; a step with any
     * other fault keeps it whole, waits included.
     */
    static Script withoutWaits(Script script) {
        List<ScriptTurn> turns = new ArrayList<>(script.turns().size());
        for (ScriptTurn turn : script.turns()) {
            List<Step> steps = new ArrayList<>(turn.steps().size());
            for (Step step : turn.steps()) {
                boolean onlyWaits = step.fault() != null && step.fault().onlyWaits();
                steps.add(onlyWaits ? new Step(step.text(), step.toolCalls(), null, step.chunks()) : step);
            }
            turns.add(new ScriptTurn(turn.user(), steps, turn.expect()));
        }
        return new Script(script.name(), turns);
    }

    /**
     * Whether the last {@code count} of {@code medians} are all within {@code band} (a fraction) of
     * their own median and not still falling (each lower than the one before: the mock still getting
     * faster, however little). Never with fewer than {@code count} readings.
     */
    static boolean steady(List<Double> medians, int count, double band) {
        if (medians.size() < count) {
            return false;
        }
        double[] last = medians.subList(medians.size() - count, medians.size()).stream()
                .mapToDouble(Double::doubleValue).toArray();
        double center = median(last);
        boolean falling = true;
        for (int i = 0; i < last.length; i++) {
            if (!(Math.abs(last[i] - center) <= band * center)) {
                return false;
            }
            falling &= i == 0 || last[i] < last[i - 1];
        }
        return !falling;
    }

    /** The median of {@code values}; {@code NaN} when there are none. */
    static double median(double[] values) {
        return values.length == 0 ? Double.NaN : Quantiles.median().compute(values);
    }

    /** The warm-up name of the {@code index}th script: unique in the run, within the mock's name rules. */
    static String warmName(int index, String name) {
        String full = NAME_PREFIX + index + "-" + name;
        return full.length() <= 100 ? full : full.substring(0, 100);
    }

    static long millisSince(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /** The levels, distinct and ascending. */
    private static List<Integer> levels(List<Integer> concurrency) {
        if (concurrency == null || concurrency.isEmpty()) {
            throw new IllegalArgumentException("The mock warm-up needs at least one concurrency level");
        }
        for (Integer level : concurrency) {
            if (level == null || level < 1) {
                throw new IllegalArgumentException("Concurrency level [" + level + "] must be at least 1");
            }
        }
        return concurrency.stream().distinct().sorted().toList();
    }

    /**
     * Ends the threads, unregisters the scripts and releases the client; the interrupt status is
     * kept aside meanwhile so that an interrupted warm-up still cleans up. Returns the first
     * unregistration failure, with any others suppressed, or {@code null}.
     */
    private static IOException cleanUp(HttpClient client, MockAdmin admin, List<String> registered,
            ExecutorService workers, List<Thread> senders) {
        boolean interrupted = Thread.interrupted();
        IOException failure = null;
        try {
            workers.shutdownNow();
            interrupted |= !ended(senders);
            for (String name : registered) {
                try {
                    admin.unregister(name);
                } catch (IOException e) {
                    interrupted |= Thread.interrupted();
                    if (failure == null) {
                        failure = e;
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
            // From JDK 21 on the client is AutoCloseable: closing it ends its selector thread and connections.
            if (client instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    // nothing more to release
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return failure;
    }

    /** Waits, up to 5 s in all, for the senders to end (not just their pool); false if interrupted meanwhile. */
    private static boolean ended(List<Thread> senders) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        try {
            for (Thread sender : senders) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left > 0) {
                    sender.join(left);
                }
            }
            return true;
        } catch (InterruptedException e) {
            return false;
        }
    }

    private static ThreadFactory threads(String prefix, List<Thread> started) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            started.add(thread);
            return thread;
        };
    }
}
