package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The file-descriptor guard of construction cells, on a process of the test's own making. */
class DescriptorGuardTest {

    private final AtomicLong now = new AtomicLong();

    /**
     * A process whose agents each leave the descriptors {@link #build} is given open once closed,
     * each build taking 100 µs: garbage that a collection frees two seconds later (as the JDK's HTTP
     * client's selector thread notices its client is gone), or, when {@code held}, never. Opening
     * past the limit fails, as the kernel does.
     */
    final class FakeProcess implements DescriptorGuard.Process {
        final long max;
        final boolean held;
        long open = 10;
        long highest;
        long releasing;
        long releaseAt;
        int reads;
        int collections;

        FakeProcess(long max, boolean held) {
            this.max = max;
            this.held = held;
        }

        void build(int descriptors) {
            open += descriptors;
            highest = Math.max(highest, open);
            if (open > max) {
                throw new IllegalStateException("Too many open files");
            }
            now.addAndGet(TimeUnit.MICROSECONDS.toNanos(100));
        }

        @Override
        public long open() {
            reads++;
            return open;
        }

        @Override
        public long max() {
            return max;
        }

        @Override
        public void collect() {
            collections++;
            if (!held) {
                releasing = open - 10;
                releaseAt = now.get() + TimeUnit.SECONDS.toNanos(2);
            }
        }

        @Override
        public void sleep(long millis) {
            now.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
            if (releasing > 0 && now.get() >= releaseAt) {
                open -= releasing;
                releasing = 0;
            }
        }
    }

    @Test
    void theHighWaterMarkIsHalfTheLimitAtMostSixteenThousand() {
        assertThat(DescriptorGuard.highWater(20_000)).isEqualTo(10_000);
        assertThat(DescriptorGuard.highWater(1_048_576)).isEqualTo(DescriptorGuard.MOST_HIGH);
        assertThat(DescriptorGuard.highWater(1)).isEqualTo(1);
    }

    @Test
    void agentsThatLeaveDescriptorsToTheCollectorAreBuiltPastTheLimitWithACollectionAtTheMark() throws Exception {
        FakeProcess process = new FakeProcess(20_000, false);
        DescriptorGuard guard = new DescriptorGuard(process, now::get, line -> {});

        for (int i = 0; i < 100_000; i++) { // two descriptors each: ten times the limit
            process.build(2);
            guard.afterBuild();
        }

        assertThat(process.highest).as("never at the limit").isLessThan(20_000);
        assertThat(guard.collections()).as("one each time the count reaches 10,000").isBetween(19, 21);
        assertThat(guard.warning()).hasValueSatisfying(warning -> assertThat(warning)
                .startsWith("the agents built and closed held up to ")
                .contains(" of the process's 20,000 file descriptors until a garbage collection: the harness collected"
                        + " garbage " + guard.collections() + " times between builds, outside the samples, and waited ")
                .endsWith(" s for the descriptors to be released"));
    }

    @Test
    void aSteadyCountIsReadEveryTenMillisecondsAtMostAndNeverCollected() throws Exception {
        FakeProcess process = new FakeProcess(20_000, false);
        DescriptorGuard guard = new DescriptorGuard(process, now::get, line -> {});

        for (int i = 0; i < 10_000; i++) { // one second of builds of 100 µs that leave nothing open
            process.build(0);
            guard.afterBuild();
        }

        // 1, 2, 4 and 8 ms apart at first, then every 10 ms
        assertThat(process.reads).as("readings in a second").isBetween(95, 110);
        assertThat(guard.collections()).isZero();
        assertThat(guard.warning()).isEmpty();
    }

    @Test
    void descriptorsACollectionDoesNotFreeStandTheGuardDownAfterOneTryAndTheLimitIsTheTargetsToMeet() {
        FakeProcess process = new FakeProcess(20_000, true);
        List<String> log = new ArrayList<>();
        DescriptorGuard guard = new DescriptorGuard(process, now::get, log::add);

        assertThatThrownBy(() -> {
            for (int i = 0; i < 100_000; i++) {
                process.build(2);
                guard.afterBuild();
            }
        }).as("the target meets the limit").isInstanceOf(IllegalStateException.class).hasMessage("Too many open files");
        assertThat(process.collections).isEqualTo(1);
        assertThat(log).singleElement().asString()
                .startsWith("file descriptors: ").endsWith("they are held, not garbage; the guard stands down");
        assertThat(guard.warning()).hasValueSatisfying(warning -> assertThat(warning).contains("1 time between"));
    }
}
