package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The wait for the threads of closed agents before a footprint cell reads the heap. */
class EndingThreadsTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final AtomicLong now = new AtomicLong();

    /**
     * A process with {@code running} threads, of which {@code ending} end, one every {@code every}
     * nanoseconds, from the first collection on (dead clients' threads notice only once a collection
     * has cleared their client); sleeping moves the clock.
     */
    final class FakeThreads implements EndingThreads.Threads {
        int running;
        int ending;
        final long every;
        long firstCollection = -1;
        int collections;

        FakeThreads(int running, long every) {
            this.running = running;
            this.every = every;
        }

        @Override
        public int count() {
            if (firstCollection < 0 || every == 0) {
                return running;
            }
            long ended = Math.min(ending, (now.get() - firstCollection) / every);
            return (int) (running - ended);
        }

        @Override
        public void collect() {
            collections++;
            if (firstCollection < 0) {
                firstCollection = now.get();
            }
        }

        @Override
        public void sleep(long millis) {
            now.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
        }
    }

    @Test
    void noThreadMoreThanBeforeTheWarmupIsNoWaitAndNothingSaid() {
        FakeThreads threads = new FakeThreads(20, SECOND);
        EndingThreads ending = new EndingThreads(threads, now::get);

        EndingThreads.Wait wait = ending.await();

        assertThat(wait.waitedNanos()).isZero();
        assertThat(threads.collections).isZero();
        assertThat(wait.anyEnded()).isFalse();
        assertThat(wait.line()).isEmpty();
        assertThat(wait.warning()).isEmpty();
    }

    @Test
    void threadsTheWarmupLeftAreWaitedForUntilTheCountIsBackWhereItWas() {
        FakeThreads threads = new FakeThreads(20, TimeUnit.MILLISECONDS.toNanos(1));
        EndingThreads ending = new EndingThreads(threads, now::get);
        threads.running = 2_020; // a warm-up's dead clients, each with its selector thread
        threads.ending = 2_000;

        EndingThreads.Wait wait = ending.await();

        assertThat(wait.left()).isEqualTo(20);
        assertThat(wait.anyEnded()).isTrue();
        assertThat(wait.stillEnding()).isFalse();
        // 2,000 threads at one a millisecond: the wait ends with the last, within a poll
        assertThat(wait.waitedNanos()).isBetween(2 * SECOND, 2 * SECOND + TimeUnit.MILLISECONDS.toNanos(100));
        assertThat(wait.line()).contains("threads: 2,020 running after the warm-up, 20 before it; 2,000 ended in 2.0 s"
                + " after a garbage collection, 20 left");
        assertThat(wait.warning()).isEmpty();
    }

    @Test
    void threadsAFrameworkKeepsForGoodEndTheWaitOnceNoneHasEndedForTheQuietTime() {
        FakeThreads threads = new FakeThreads(20, TimeUnit.MILLISECONDS.toNanos(10));
        EndingThreads ending = new EndingThreads(threads, now::get);
        threads.running = 128; // 100 that end, and 8 of a shared pool that stay
        threads.ending = 100;

        EndingThreads.Wait wait = ending.await();

        assertThat(wait.left()).isEqualTo(28);
        assertThat(wait.stillEnding()).isFalse();
        assertThat(wait.waitedNanos()).isBetween(SECOND + EndingThreads.QUIET_NANOS,
                SECOND + EndingThreads.QUIET_NANOS + TimeUnit.MILLISECONDS.toNanos(200));
        // collected again after each quiet second, in case a collection had come too early for some
        assertThat(threads.collections).isBetween(3, 5);
        assertThat(wait.warning()).isEmpty();
    }

    @Test
    void threadsStillEndingWhenTheWaitRunsOutAreAWarning() {
        FakeThreads threads = new FakeThreads(20, SECOND / 2);
        EndingThreads ending = new EndingThreads(threads, now::get);
        threads.running = 220;
        threads.ending = 200; // 100 s at two a second

        EndingThreads.Wait wait = ending.await();

        assertThat(wait.waitedNanos()).isBetween(EndingThreads.MOST_NANOS,
                EndingThreads.MOST_NANOS + TimeUnit.MILLISECONDS.toNanos(100));
        assertThat(wait.stillEnding()).isTrue();
        assertThat(wait.left()).isEqualTo(160);
        assertThat(wait.line()).get().asString().endsWith(", 160 left, still ending");
        assertThat(wait.warning()).contains("the agents the warm-up closed left 140 threads that were still ending"
                + " after 30 s: the heap's baseline counts what they held, and the retained bytes per agent are too"
                + " low by it");
    }
}
