package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.CheckFailedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PassesTest {

    /** A clock that moves only when told. */
    private final AtomicLong now = new AtomicLong();

    @Test
    void warmupRunsAtLeastItsCountWhenTimeIsNotAsked() throws Exception {
        List<String> tags = new ArrayList<>();
        int done = new Passes(now::get).warmup(tag -> {
            tags.add(tag);
            return 0;
        }, 3, Duration.ZERO);

        assertThat(done).isEqualTo(3);
        assertThat(tags).containsExactly("w0", "w1", "w2");
    }

    @Test
    void warmupGoesOnUntilItsMinimumTimeHasPassed() throws Exception {
        // each iteration takes 1 ms of the fake clock; at least 2 iterations and 10 ms
        int done = new Passes(now::get).warmup(tag -> {
            now.addAndGet(1_000_000);
            return 1_000_000;
        }, 2, Duration.ofMillis(10));

        assertThat(done).isEqualTo(10);
    }

    @Test
    void warmupCountWinsWhenItTakesLongerThanTheTime() throws Exception {
        int done = new Passes(now::get).warmup(tag -> {
            now.addAndGet(5_000_000);
            return 0;
        }, 7, Duration.ofMillis(1));

        assertThat(done).isEqualTo(7);
    }

    @Test
    void timedPassKeepsOneSamplePerIterationInOrder() throws Exception {
        long[] samples = new Passes(now::get).timed(tag -> Long.parseLong(tag.substring(1)) * 10, 4);

        assertThat(samples).containsExactly(0, 10, 20, 30);
    }

    @Test
    void aFailingIterationFailsThePassAndNamesIt() {
        Passes.Iteration failsThird = tag -> {
            if (tag.equals("t2")) {
                throw new CheckFailedException("turn 1: final text was [x], the script says [y]");
            }
            return 1;
        };

        assertThatThrownBy(() -> new Passes(now::get).timed(failsThird, 5))
                .isInstanceOf(IterationFailedException.class)
                .hasMessage("timed iteration [3] failed: check failed: turn 1: final text was [x], the script says [y]");
    }

    @Test
    void aFailingWarmupIterationFailsToo() {
        Passes.Iteration throwing = tag -> {
            throw new IllegalStateException("connection refused");
        };

        assertThatThrownBy(() -> new Passes(now::get).warmup(throwing, 5, Duration.ZERO))
                .isInstanceOf(IterationFailedException.class)
                .hasMessage("warmup iteration [1] failed: java.lang.IllegalStateException: connection refused");
    }
}
