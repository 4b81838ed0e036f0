package dev.agentbench.agentscope;

import java.util.concurrent.ThreadFactory;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The thread cap of Reactor's shared {@code Schedulers.boundedElastic()}, set through Reactor's own
 * hook for it, {@link Schedulers#setFactory}: the factory given there makes the shared scheduler with
 * the cap asked for, and every other scheduler as Reactor's default factory would.
 *
 * <p>AgentScope 2.0.0's {@code OpenAIChatModel} makes each non-streaming model call a blocking {@code
 * HttpClient.send} subscribed on {@code Schedulers.boundedElastic()}, whose threads Reactor caps at
 * {@code Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE} (ten per core unless the system property {@code
 * reactor.schedulers.defaultBoundedElasticSize} says otherwise); calls beyond it wait in the
 * scheduler's queue. That property is read once, when Reactor's {@code Schedulers} class is
 * initialised, so a target cannot use it; the factory can be replaced at any time.
 *
 * <p>The scheduler is JVM-wide, so the cap is too: it holds from the first {@link #acquire} until the
 * last {@link #release}, which gives Reactor its default factory back. Both replace Reactor's shared
 * schedulers ({@code setFactory} and {@code resetFactory} shut the current ones down; later calls
 * make new ones), so they belong where nothing runs on them: a handle's open and close.
 */
final class BoundedElasticThreads {

    private static int threads;
    private static int holders;

    private BoundedElasticThreads() {}

    /**
     * Caps the shared {@code boundedElastic()} at {@code cap} threads until the matching {@link
     * #release}.
     *
     * @throws IllegalStateException when another open handle holds the scheduler at another cap
     */
    static synchronized void acquire(int cap) {
        if (holders > 0 && threads != cap) {
            throw new IllegalStateException("Reactor's boundedElastic() scheduler is JVM-wide and another handle"
                    + " holds it at " + threads + " threads; this one asked for " + cap);
        }
        if (holders == 0) {
            Schedulers.setFactory(new Schedulers.Factory() {
                @Override
                public Scheduler newBoundedElastic(int threadCap, int queuedTaskCap, ThreadFactory threadFactory,
                        int ttlSeconds) {
                    // The shared scheduler is the one made with Reactor's default sizes; a scheduler
                    // someone makes with sizes of their own keeps them.
                    boolean shared = threadCap == Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE
                            && queuedTaskCap == Schedulers.DEFAULT_BOUNDED_ELASTIC_QUEUESIZE;
                    return Schedulers.Factory.super.newBoundedElastic(shared ? cap : threadCap, queuedTaskCap,
                            threadFactory, ttlSeconds);
                }
            });
            threads = cap;
        }
        holders++;
    }

    /** Lets go of the cap; the last holder gives Reactor its default factory back. */
    static synchronized void release() {
        if (holders == 0) {
            return;
        }
        holders--;
        if (holders == 0) {
            Schedulers.resetFactory();
            threads = 0;
        }
    }
}
