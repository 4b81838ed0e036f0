package dev.agentbench.core.measure;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * One iteration of a cell: {@code concurrency} sessions of the benchmark, each with its own fresh
 * user and session ids, timed from their common start until the last one ends. The sessions are
 * deleted afterwards, outside the timed region.
 *
 * <p>Each session is first brought to where the timed part starts by {@link Benchmark#prepareSession}
 * (at concurrency N, the N sessions in parallel), before the clock or the allocation counter is read:
 * its time and its allocations are in no figure. Its process CPU time, read around it when the
 * benchmark prepares anything (the readings' own cost included), is {@linkplain #untimedCpuNanos() kept}
 * for the timed pass to take out of its CPU figure, and so are the {@linkplain #untimedGc() collections}
 * that ended while it ran, for the pass to take out of its count.
 *
 * <p>At concurrency 1 the session runs on the calling thread. Above 1, a fixed pool of that many
 * threads is made and started once, before any timing; each iteration's sessions wait at a start
 * gate until all are ready, and the clock starts when the gate opens.
 */
final class SessionRunner implements Passes.Iteration, AutoCloseable {

    private final Benchmark benchmark;
    private final TargetHandle handle;
    /** The handle sessions are prepared through: the target's own, so that no turn of it is counted. */
    private final TargetHandle untimed;
    private final int concurrency;
    private final LongSupplier clock;
    private final ExecutorService pool;
    /**
     * Whether the benchmark overrides {@link Benchmark#prepareSession} and {@linkplain
     * Benchmark#preparesSessions() says it prepares}: only then is it called and its CPU read.
     */
    private final boolean prepares;
    /** The process CPU nanoseconds spent preparing sessions so far. */
    private long untimedCpuNanos;
    /** The collections that ended while sessions were prepared, so far. */
    private GcCounts untimedGc = GcCounts.ZERO;
    /** Each session's observer in a cell that observes the stream; {@code null} otherwise. */
    private final StreamLog streams;

    public SessionRunner(Benchmark benchmark, TargetHandle handle, int concurrency, LongSupplier clock) {
        this(benchmark, handle, handle, concurrency, clock, null);
    }

    /**
     * @param handle the handle sessions run through, a {@link TimedHandle} that counts their turns
     * @param untimed the handle sessions are prepared through, whose turns count nowhere
     * @param streams gives each session its observer; {@code null} when the stream is not observed
     */
    public SessionRunner(Benchmark benchmark, TargetHandle handle, TargetHandle untimed, int concurrency,
            LongSupplier clock, StreamLog streams) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("Concurrency [" + concurrency + "] must be at least 1");
        }
        this.benchmark = benchmark;
        this.handle = handle;
        this.untimed = untimed;
        this.concurrency = concurrency;
        this.clock = clock;
        this.prepares = prepares(benchmark);
        this.streams = streams;
        if (concurrency == 1) {
            this.pool = null;
        } else {
            ThreadPoolExecutor threads = (ThreadPoolExecutor) Executors.newFixedThreadPool(concurrency, daemonThreads());
            threads.prestartAllCoreThreads(); // no thread is created inside a measured iteration
            this.pool = threads;
        }
    }

    /** One iteration, measured by the clock. */
    @Override
    public long run(String tag) throws Exception {
        return measure(tag, clock);
    }

    /**
     * One iteration, measured by {@code counter}: the clock for the timed pass, allocated bytes for
     * the memory pass. Returns the counter's difference across the sessions, deletes excluded.
     */
    public long measure(String tag, LongSupplier counter) throws Exception {
        String[] users = new String[concurrency];
        String[] sessions = new String[concurrency];
        for (int k = 0; k < concurrency; k++) {
            users[k] = "user-" + tag + "-" + k;
            sessions[k] = "session-" + tag + "-" + k;
        }
        long elapsed;
        try {
            prepare(users, sessions);
            elapsed = concurrency == 1
                    ? runOne(users[0], sessions[0], counter) : runAll(users, sessions, counter);
        } catch (Exception | Error failure) {
            for (int k = 0; k < concurrency; k++) {
                try {
                    handle.deleteSession(users[k], sessions[k]);
                } catch (Exception e) {
                    failure.addSuppressed(e);
                }
            }
            throw failure;
        }
        for (int k = 0; k < concurrency; k++) {
            handle.deleteSession(users[k], sessions[k]);
        }
        return elapsed;
    }

    /**
     * Whether {@code benchmark} prepares its sessions: its class overrides {@link
     * Benchmark#prepareSession} and the instance {@linkplain Benchmark#preparesSessions() says so}.
     */
    static boolean prepares(Benchmark benchmark) {
        if (!benchmark.preparesSessions()) {
            return false;
        }
        try {
            return benchmark.getClass().getMethod("prepareSession", TargetHandle.class, String.class, String.class)
                    .getDeclaringClass() != Benchmark.class;
        } catch (NoSuchMethodException e) {
            return true;
        }
    }

    /**
     * The process CPU nanoseconds spent in {@link Benchmark#prepareSession} so far, outside every timed
     * region; 0 for a benchmark that prepares nothing.
     */
    @Override
    public long untimedCpuNanos() {
        return untimedCpuNanos;
    }

    /**
     * The collections that ended in {@link Benchmark#prepareSession} so far, outside every timed region;
     * none for a benchmark that prepares nothing.
     */
    @Override
    public GcCounts untimedGc() {
        return untimedGc;
    }

    /**
     * Prepares the sessions of one iteration, in parallel at concurrency above 1, and counts their CPU
     * and the collections that ended meanwhile.
     */
    private void prepare(String[] users, String[] sessions) throws Exception {
        if (!prepares) {
            return;
        }
        GcCounts gcBefore = GcCounts.now();
        ProcessCpu.UntimedStart before = ProcessCpu.untimedStart();
        try {
            if (concurrency == 1) {
                benchmark.prepareSession(untimed, users[0], sessions[0]);
                return;
            }
            List<Future<?>> preparing = new ArrayList<>(concurrency);
            for (int k = 0; k < concurrency; k++) {
                String user = users[k];
                String session = sessions[k];
                preparing.add(pool.submit(() -> {
                    benchmark.prepareSession(untimed, user, session);
                    return null;
                }));
            }
            Exception first = null;
            for (Future<?> session : preparing) {
                try {
                    session.get();
                } catch (ExecutionException e) {
                    if (first == null) {
                        first = e.getCause() instanceof Exception cause ? cause : e;
                    }
                }
            }
            if (first != null) {
                throw first;
            }
        } finally {
            untimedCpuNanos += Math.max(0, ProcessCpu.untimedSince(before));
            untimedGc = untimedGc.plus(GcCounts.now().since(gcBefore));
        }
    }

    private long runOne(String user, String session, LongSupplier counter) throws Exception {
        long start = counter.getAsLong();
        benchmark.runSession(streams == null ? handle : streams.session(handle, session), user, session);
        return counter.getAsLong() - start;
    }

    private long runAll(String[] users, String[] sessions, LongSupplier counter) throws Exception {
        CountDownLatch ready = new CountDownLatch(concurrency);
        CountDownLatch gate = new CountDownLatch(1);
        List<Future<?>> running = new ArrayList<>(concurrency);
        for (int k = 0; k < concurrency; k++) {
            String user = users[k];
            String session = sessions[k];
            TargetHandle sessionHandle = streams == null ? handle : streams.session(handle, session);
            running.add(pool.submit(() -> {
                ready.countDown();
                gate.await();
                benchmark.runSession(sessionHandle, user, session);
                return null;
            }));
        }
        ready.await();
        long start = counter.getAsLong();
        gate.countDown();
        Exception first = null;
        for (Future<?> session : running) {
            try {
                session.get();
            } catch (ExecutionException e) {
                if (first == null) {
                    first = e.getCause() instanceof Exception cause ? cause : e;
                }
            }
        }
        long end = counter.getAsLong();
        if (first != null) {
            throw first;
        }
        return end - start;
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, "agentbench-session-" + count.getAndIncrement());
            thread.setDaemon(true);
            return thread;
        };
    }
}
