package dev.agentbench.core.measure;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Throughput;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A LOAD cell: {@code sessions} threads, each running the benchmark's session again and again (fresh
 * ids each time, the session deleted after it), for the warm-up time and then for the measure time,
 * while the mock holds every reply for the model latency. Nothing waits for the others: a session
 * starts its next turn as soon as its last one ended, so the turns per second are what the target
 * lets through.
 *
 * <p>The timed pass is a window of {@code measureTime}: a turn counts when it ends within it, and its
 * latency is a sample. Turns that started in the warm-up and end in the window count (the window
 * sees a steady flow, not a ramp). Turns per second are each session's, summed: a session that ended
 * k turns in the window, the first at t1 and the last at tk, ran (k − 1) turns in tk − t1. Counting
 * whole turns in the window instead would be off by up to one turn per session (8% for one session
 * of 400 ms turns in 5 s); when a session ended fewer than 2 turns in the window, the count over the
 * window is all there is, and is used. So the window is stretched past the measure time until every
 * session has ended 2 turns in it (at most {@link #LONGEST_WINDOW} times the measure time): behind a
 * cap, sessions queue, turns outlast the measure time, and end in waves that a short window would
 * catch as a burst (5 calls in flight once read as 24 turns/s where 12.5 is the most they allow).
 * Every turn is checked, as in every pass: the first failure stops every session and fails the cell. The mock's side (model calls in flight, how exactly it held) is
 * read by the parent, which has the mock's admin API, and turned into the cell's figures
 * there ({@code dev.agentbench.core.kind}'s LOAD kind).
 *
 * <p>A benchmark's {@link Benchmark#prepareSession} runs on the session's thread before each session,
 * through the target's own handle: its turns are neither counted nor samples. A load cell has no
 * timed region to keep it out of, though: the time a session spends preparing is time it runs no
 * timed turn (fewer turns per second than the same sessions without it), and its CPU is in the
 * window's CPU per turn when it falls in the window.
 */
public final class LoadProcedure {

    /**
     * The longest timed pass, as a multiple of the measure time: the window is stretched past the
     * measure time until every session has ended 2 turns in it, so that each session's rate is
     * measured; a framework that queues sessions behind a cap makes turns that last longer than the
     * measure time, and ends them in waves a short window would catch as a burst.
     */
    static final int LONGEST_WINDOW = 12;

    /** How often a stretched window looks again whether every session has ended 2 turns. */
    static final Duration EXTENSION_STEP = Duration.ofMillis(100);

    /** How long the sessions may take to end their turns once the timed pass is over. */
    static final Duration DRAIN = Duration.ofSeconds(60);

    private LoadProcedure() {}

    public static Measurement measure(Benchmark benchmark, TargetHandle handle, PassSettings settings, int sessions,
            LongSupplier clock, Consumer<String> log, Profiler profiler) throws IterationFailedException {
        Window window = new Window(clock, sessions);
        WindowHandle timed = new WindowHandle(handle, clock, window);
        double callsPerTurn = callsPerTurn(benchmark.script());
        int turnsPerSession = benchmark.script().turns().size();
        try (Sessions running = new Sessions(benchmark, timed, handle, sessions, settings.dryRun(),
                threads(settings.loadThreads()))) {
            if (settings.dryRun()) {
                window.open(sessions);
                running.start();
                running.awaitAll(DRAIN);
                running.throwFailure(window.turns());
                return Measurement.dryRun(window.turns.times());
            }
            running.start();
            running.sleepUnlessFailed(settings.warmupTime());
            running.throwFailure(0);
            log.accept(String.format("warm-up: %d sessions on %s threads for %s, %d turns; model latency %s",
                    sessions, settings.loadThreads(), settings.warmupTime(), timed.turnsEnded(),
                    settings.modelLatency()));

            long expected = expectedTurns(settings, sessions);
            ProcessCpu.Reading cpuBefore = ProcessCpu.read();
            profiler.start();
            long start = window.open((int) Math.min(expected, SessionsProcedure.MAX_TURN_TIMES));
            long end;
            try {
                running.sleepUnlessFailed(settings.measureTime());
                Duration longest = settings.measureTime().multipliedBy(LONGEST_WINDOW);
                while (!window.everySessionEndedTwoTurns() && running.failure() == null
                        && clock.getAsLong() - start < longest.toNanos()) {
                    running.sleepUnlessFailed(EXTENSION_STEP);
                }
                end = window.close();
                if (end - start > settings.measureTime().toNanos() + EXTENSION_STEP.toNanos()) {
                    log.accept(String.format("timed pass extended to %s so that %s ended 2 turns in it",
                            Duration.ofNanos(end - start).withNanos(0), window.everySessionEndedTwoTurns()
                                    ? "every session" : "not every session (the longest allowed; turns/s are the"
                                    + " window's count, which a cycle longer than it can bias)"));
                }
            } finally {
                profiler.stop();
            }
            ProcessCpu.Reading cpuAfter = ProcessCpu.read();
            running.throwFailure(window.turns());
            running.stop();
            running.awaitAll(DRAIN);
            running.throwFailure(window.turns());

            int turns = window.turns();
            if (turns == 0) {
                throw new IterationFailedException("Load", 0, new IllegalStateException("No turn ended within the"
                        + " timed pass of " + settings.measureTime() + " with " + sessions + " sessions: give a"
                        + " --measure-time longer than a turn (the model alone takes " + settings.modelLatency()
                        + " per call)"));
            }
            long[] samples = window.turns.times();
            long nanos = end - start;
            double turnsPerSecond = window.turnsPerSecond(turns, nanos);
            Throughput throughput = new Throughput(turnsPerSecond / turnsPerSession, turnsPerSecond);
            TimeStats latency = Statistics.of(samples);
            Cpu cpu = ProcessCpu.between(cpuBefore, cpuAfter, turns);
            log.accept(String.format("timed: %d sessions, %d turns in %s: %.1f turns/s; turn median %.1f ms, p99"
                    + " %.1f ms (model latency %s, %s calls per turn)%s", sessions, turns, Duration.ofNanos(nanos),
                    turnsPerSecond, latency.median() / 1e6, latency.p99() / 1e6, settings.modelLatency(),
                    callsPerTurn, window.turns.overflowed() ? " (latency of the first " + samples.length + " turns)"
                            : ""));
            return new Measurement(samples, null, cpu, null, throughput, latency, List.of());
        }
    }

    /**
     * Makes an unstarted thread of {@code kind}: a daemon platform thread, or a virtual thread, found
     * through reflection since the harness is built for Java 17.
     *
     * @throws IterationFailedException for virtual threads on a JVM before 21
     */
    static ThreadMaker threads(String kind) throws IterationFailedException {
        if (!PassSettings.VIRTUAL_THREADS.equals(kind)) {
            return (name, body) -> {
                Thread thread = new Thread(body, name);
                thread.setDaemon(true);
                return thread;
            };
        }
        try {
            Class<?> builderType = Class.forName("java.lang.Thread$Builder");
            Method ofVirtual = Thread.class.getMethod("ofVirtual");
            Method named = builderType.getMethod("name", String.class);
            Method unstarted = builderType.getMethod("unstarted", Runnable.class);
            return (name, body) -> {
                try {
                    return (Thread) unstarted.invoke(named.invoke(ofVirtual.invoke(null), name), body);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("Cannot make a virtual thread: " + e, e);
                }
            };
        } catch (ReflectiveOperationException e) {
            throw new IterationFailedException("Load", 0, new IllegalStateException("Load threads ["
                    + PassSettings.VIRTUAL_THREADS + "] need Java 21 or later; this JVM is "
                    + System.getProperty("java.version")));
        }
    }

    /** Makes a session's thread, unstarted. */
    @FunctionalInterface
    interface ThreadMaker {
        Thread make(String name, Runnable body);
    }

    /** Model calls per turn of the benchmark's script: its steps over its turns. */
    public static double callsPerTurn(Script script) {
        List<ScriptTurn> turns = script.turns();
        return turns.stream().mapToInt(turn -> turn.steps().size()).sum() / (double) turns.size();
    }

    /** Room for every turn the timed pass can hold when nothing but the model slows it, and some. */
    private static long expectedTurns(PassSettings settings, int sessions) {
        long perTurnMillis = Math.max(1, settings.modelLatency().toMillis());
        return (settings.measureTime().toMillis() / perTurnMillis + 1) * sessions * 2 + 1024;
    }

    /**
     * Which turns count: those that end between {@link #open} and {@link #close}, their latencies
     * kept in {@link #turns}.
     */
    private static final class Window {
        private final LongSupplier clock;
        private final int expectedSessions;
        private final ThreadLocal<Session> session = ThreadLocal.withInitial(Session::new);
        private final List<Session> sessions = new CopyOnWriteArrayList<>();
        private volatile long start = Long.MAX_VALUE;
        private volatile long end = Long.MAX_VALUE;
        private volatile TurnTimes turns = TurnTimes.countOnly();

        /** When one session's turns ended within the window; written by its own thread only. */
        private static final class Session {
            volatile long first;
            volatile long last;
            volatile int turns;
        }

        Window(LongSupplier clock, int sessions) {
            this.clock = clock;
            this.expectedSessions = sessions;
        }

        long open(int capacity) {
            turns = new TurnTimes(capacity);
            long now = clock.getAsLong();
            start = now;
            return now;
        }

        long close() {
            long now = clock.getAsLong();
            end = now;
            return now;
        }

        void record(long endedAt, long nanos) {
            if (endedAt >= start && endedAt < end) {
                turns.record(nanos);
                Session mine = session.get();
                int before = mine.turns;
                mine.turns = before + 1;
                if (before == 0) {
                    mine.first = endedAt;
                    sessions.add(mine);
                }
                mine.last = endedAt;
            }
        }

        /** Whether every session has ended at least 2 turns in the window, so that each has a rate of its own. */
        boolean everySessionEndedTwoTurns() {
            if (sessions.size() < expectedSessions) {
                return false;
            }
            for (Session one : sessions) {
                if (one.turns < 2) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The sessions' rates summed, each (k − 1) turns over the time from its first turn's end in
         * the window to its last's; {@code turns} over the window's {@code nanos} when a session
         * ended fewer than 2 turns in it. Read after every session's thread has ended.
         */
        double turnsPerSecond(int turns, long nanos) {
            double sum = 0;
            for (Session one : sessions) {
                if (one.turns < 2 || one.last <= one.first) {
                    return turns * 1e9 / nanos;
                }
                sum += (one.turns - 1) * 1e9 / (one.last - one.first);
            }
            return sessions.size() < expectedSessions ? turns * 1e9 / nanos : sum;
        }


        int turns() {
            return turns.count();
        }
    }

    /** The target's handle with a clock around every turn, which the window may count. */
    private static final class WindowHandle implements TargetHandle {
        private final TargetHandle delegate;
        private final LongSupplier clock;
        private final Window window;
        private final AtomicLong ended = new AtomicLong();

        WindowHandle(TargetHandle delegate, LongSupplier clock, Window window) {
            this.delegate = delegate;
            this.clock = clock;
            this.window = window;
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
            long start = clock.getAsLong();
            TurnResult result = delegate.runTurn(userId, sessionId, message);
            long end = clock.getAsLong();
            window.record(end, end - start);
            ended.incrementAndGet();
            return result;
        }

        long turnsEnded() {
            return ended.get();
        }

        @Override
        public void deleteSession(String userId, String sessionId) throws Exception {
            delegate.deleteSession(userId, sessionId);
        }

        @Override
        public void close() throws Exception {
            delegate.close();
        }
    }

    /**
     * The sessions' threads, {@link #start started} at once: each plays the benchmark's session, deletes it, and
     * starts the next, until stopped (or, in a dry run, once). The first failure of any stops them all.
     */
    private static final class Sessions implements AutoCloseable {
        private final List<Thread> threads = new ArrayList<>();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final Object failed = new Object();
        private volatile boolean stopped;

        /**
         * @param handle the handle sessions run through, whose turns the window counts
         * @param untimed the handle each session is first prepared through ({@link Benchmark#prepareSession}),
         *     whose turns count nowhere
         */
        Sessions(Benchmark benchmark, TargetHandle handle, TargetHandle untimed, int sessions, boolean once,
                ThreadMaker maker) {
            for (int k = 0; k < sessions; k++) {
                int slot = k;
                threads.add(maker.make("agentbench-load-" + k, () -> play(benchmark, handle, untimed, slot, once)));
            }
        }

        /** Starts every session at once. */
        void start() {
            threads.forEach(Thread::start);
        }

        private void play(Benchmark benchmark, TargetHandle handle, TargetHandle untimed, int slot, boolean once) {
            for (long i = 0; !stopped; i++) {
                String user = "user-load-" + slot;
                String session = "session-load-" + slot + "-" + i;
                try {
                    benchmark.prepareSession(untimed, user, session);
                    benchmark.runSession(handle, user, session);
                    handle.deleteSession(user, session);
                } catch (Throwable e) {
                    fail(e);
                    return;
                }
                if (once) {
                    return;
                }
            }
        }

        private void fail(Throwable e) {
            if (failure.compareAndSet(null, e)) {
                stopped = true;
                synchronized (failed) {
                    failed.notifyAll();
                }
            }
        }

        /** Sleeps for {@code time}, or less when a session fails. */
        void sleepUnlessFailed(Duration time) throws IterationFailedException {
            long deadline = System.nanoTime() + time.toNanos();
            synchronized (failed) {
                long left;
                while (failure.get() == null && (left = deadline - System.nanoTime()) > 0) {
                    try {
                        TimeUnit.NANOSECONDS.timedWait(failed, left);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IterationFailedException("Load", 0, e);
                    }
                }
            }
        }

        Throwable failure() {
            return failure.get();
        }

        void throwFailure(int turnsDone) throws IterationFailedException {
            Throwable first = failure.get();
            if (first != null) {
                throw new IterationFailedException("Load", turnsDone, first);
            }
        }

        void stop() {
            stopped = true;
        }

        /** Waits for every session to end its turn; fails when one is still running after {@code bound}. */
        void awaitAll(Duration bound) throws IterationFailedException {
            long deadline = System.nanoTime() + bound.toNanos();
            for (Thread thread : threads) {
                try {
                    thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IterationFailedException("Load", 0, e);
                }
                if (thread.isAlive()) {
                    throw new IterationFailedException("Load", 0, new IllegalStateException("Session thread ["
                            + thread.getName() + "] did not end its turn within " + bound + " of the end of the pass"));
                }
            }
        }

        @Override
        public void close() {
            stopped = true;
            threads.forEach(Thread::interrupt);
        }
    }
}
