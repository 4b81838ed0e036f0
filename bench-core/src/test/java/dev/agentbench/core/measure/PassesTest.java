package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.CheckFailedException;
import dev.agentbench.api.result.Warmup;
import dev.agentbench.api.result.WarmupShape;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

class PassesTest {

    private static final long MS = 1_000_000;

    /** A clock that moves only when told. */
    private final AtomicLong now = new AtomicLong();

    /** Settings of 100 ms windows, the given warm-up floor and cap, a 500 ms timed pass. */
    private static PassSettings settings(int warmup, Duration min, Duration max) {
        return PassSettings.builder().warmup(warmup).warmupTime(min).warmupMax(max).warmupWindow(Duration.ofMillis(100))
                .measureTime(Duration.ofMillis(500)).minIterations(3).maxIterations(1000).build();
    }

    /** An iteration that takes {@code nanos(i)} of the fake clock, i counted from 0, and returns it. */
    private Passes.Iteration taking(LongUnaryOperator nanos) {
        AtomicLong index = new AtomicLong();
        return tag -> {
            long took = nanos.applyAsLong(index.getAndIncrement());
            now.addAndGet(took);
            return took;
        };
    }

    @Test
    void aCountedWarmupRunsExactlyItsCountWhenNoTimeIsGiven() throws Exception {
        List<String> tags = new ArrayList<>();
        WarmupRun run = new Passes(now::get).warmup(tag -> {
            tags.add(tag);
            return 0;
        }, settings(3, Duration.ZERO, Duration.ZERO));

        assertThat(run.iterations()).isEqualTo(3);
        assertThat(run.capped()).isFalse();
        assertThat(tags).containsExactly("w0", "w1", "w2");
    }

    /** The fake clock, telling a compiler that compiles half of every nanosecond until {@code quietAt}. */
    private JitClock compilingUntil(long quietAt) {
        return new JitClock() {
            @Override
            public long getAsLong() {
                return now.get();
            }

            @Override
            public long compilationNanos() {
                return Math.min(now.get(), quietAt) / 2;
            }
        };
    }

    @Test
    void aFlatTargetWaitsForTheCompilerToGoQuiet() throws Exception {
        // flat from the start, but the JIT compiles half the time until 3 s: steady only after that
        WarmupRun run = new Passes(compilingUntil(3_000 * MS)).warmup(taking(i -> MS), settings(0,
                Duration.ofSeconds(1), Duration.ofSeconds(10)));
        assertThat(run.capped()).isFalse();
        assertThat(run.nanos()).isBetween(3_000 * MS, 3_200 * MS);

        // a compiler that never goes quiet caps the fork, however flat its times
        now.set(0);
        WarmupRun busy = new Passes(compilingUntil(Long.MAX_VALUE)).warmup(taking(i -> MS), settings(0,
                Duration.ofSeconds(1), Duration.ofSeconds(2)));
        assertThat(busy.capped()).isTrue();
        assertThat(busy.compilerBusy()).as("capped with the compiler at half of every window").isTrue();
        assertThat(busy.compileShare()).isCloseTo(0.5, org.assertj.core.data.Offset.offset(0.01));

        // a quarter of the window is quiet enough
        now.set(0);
        JitClock quarter = new JitClock() {
            @Override
            public long getAsLong() {
                return now.get();
            }

            @Override
            public long compilationNanos() {
                return now.get() / 4;
            }
        };
        assertThat(new Passes(quarter).warmup(taking(i -> MS), settings(0, Duration.ofSeconds(1),
                Duration.ofSeconds(10))).capped()).isFalse();
    }

    @Test
    void aFlatTargetStopsSoonAfterItsMinimumTime() throws Exception {
        WarmupRun run = new Passes(now::get).warmup(taking(i -> MS), settings(0, Duration.ofSeconds(1),
                Duration.ofSeconds(10)));

        assertThat(run.capped()).isFalse();
        assertThat(run.nanos()).isBetween(1_000 * MS, 1_100 * MS);
        assertThat(run.windows()).allSatisfy(window -> assertThat(window.median()).isEqualTo(MS));
    }

    @Test
    void aTargetStillGettingFasterWarmsUpUntilItStops() throws Exception {
        // 2 ms an iteration falling by 1% every 10 iterations down to 1 ms (iteration 690, about 1 s in), flat after
        WarmupRun run = new Passes(now::get).warmup(taking(i -> (long) (MS * Math.max(1.0,
                2 * Math.pow(0.99, i / 10.0)))), settings(0, Duration.ofMillis(500), Duration.ofSeconds(10)));

        assertThat(run.capped()).isFalse();
        assertThat(run.nanos()).as("not before the fall has ended").isGreaterThan(1_000 * MS);
        assertThat(run.windows().get(run.windows().size() - 1).median()).isLessThanOrEqualTo(1.05 * MS);
    }

    @Test
    void aTargetThatNeverSettlesIsCappedAndFlagged() throws Exception {
        // keeps falling by 1% every 5 iterations: never flat
        Passes passes = new Passes(now::get);
        PassSettings settings = settings(0, Duration.ofMillis(200), Duration.ofSeconds(2));
        WarmupRun run = passes.warmup(taking(i -> (long) (10 * MS * Math.pow(0.99, i / 5.0))), settings);

        assertThat(run.capped()).isTrue();
        assertThat(run.nanos()).isGreaterThanOrEqualTo(2_000 * MS);
        Warmup warmup = run.withTimed(new long[] {MS, MS, MS}, settings);
        assertThat(warmup.steady()).isFalse();
    }

    @Test
    void slowIterationsStillMakeWindowsOfAtLeastFive() throws Exception {
        WarmupRun run = new Passes(now::get).warmup(taking(i -> 300 * MS), settings(0, Duration.ofSeconds(1),
                Duration.ofSeconds(3)));

        assertThat(run.windows()).isNotEmpty()
                .allSatisfy(window -> assertThat(window.iterations()).isGreaterThanOrEqualTo(5));
    }

    @Test
    void aWindowHoldsTheOperationsItIsToldAndSoDoTheTimedPassesWindows() throws Exception {
        // 300 ms operations in 100 ms windows: each window is its operations' count long, not its time
        PassSettings settings = PassSettings.builder().warmupTime(Duration.ofSeconds(1)).warmupMax(Duration.ofSeconds(20))
                .warmupWindow(Duration.ofMillis(100)).windowIterations(12).build();
        WarmupRun run = new Passes(now::get).warmup(taking(i -> 300 * MS), settings);

        assertThat(run.windows()).isNotEmpty().allSatisfy(window -> assertThat(window.iterations()).isEqualTo(12));
        long[] timed = new long[30];
        java.util.Arrays.fill(timed, 300 * MS);
        Warmup warmup = run.withTimed(timed, settings);
        // 30 timed operations: a window of 12, and 18 in the last, its 6 too few to stand alone
        assertThat(warmup.curve()).filteredOn(window -> window.phase().equals(Warmup.TIMED_PHASE))
                .extracting(Warmup.Window::iterations).containsExactly(12, 18);
    }

    @Test
    void theWarmupCountWinsWhenItTakesLongerThanTheTime() throws Exception {
        WarmupRun run = new Passes(now::get).warmup(taking(i -> 5 * MS), settings(700, Duration.ofMillis(1),
                Duration.ofSeconds(60)));

        assertThat(run.iterations()).isGreaterThanOrEqualTo(700);
    }

    @Test
    void aTimeBoxedPassRunsForItsMeasureTime() throws Exception {
        Passes.TimedPass pass = new Passes(now::get).timed(taking(i -> 10 * MS),
                settings(0, Duration.ZERO, Duration.ZERO));

        assertThat(pass.samples()).hasSize(50);
    }

    @Test
    void aTimeBoxedPassRunsItsFloorHoweverSlowAndStopsAtItsCap() throws Exception {
        assertThat(new Passes(now::get).timed(taking(i -> 2_000 * MS), settings(0, Duration.ZERO, Duration.ZERO))
                .samples()).hasSize(3);
        assertThat(new Passes(now::get).timed(taking(i -> 1), settings(0, Duration.ZERO, Duration.ZERO))
                .samples()).hasSize(1000);
    }

    @Test
    void aCountedPassKeepsOneSamplePerIterationInOrder() throws Exception {
        PassSettings four = PassSettings.builder().iterations(4).build();
        Passes.TimedPass pass = new Passes(now::get).timed(tag -> Long.parseLong(tag.substring(1)) * 10, four);

        assertThat(pass.samples()).containsExactly(0, 10, 20, 30);
        assertThat(pass.cpu()).as("four instant iterations use less CPU than the clock resolves").isNull();
    }

    @Test
    void aPassThatUsesASecondOfCpuOrMoreHasItsCpuTimePerOperation() throws Exception {
        PassSettings two = PassSettings.builder().iterations(2).build();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        Passes.TimedPass pass = new Passes(now::get).timed(tag -> {
            long end = threads.getCurrentThreadCpuTime() + 600_000_000L; // 0.6 s of this thread's CPU each
            long spins = 0;
            while (threads.getCurrentThreadCpuTime() < end) {
                spins++;
            }
            return spins > 0 ? 1 : 0;
        }, two);

        assertThat(pass.cpu()).isNotNull();
        assertThat(pass.cpu().ops()).isEqualTo(2);
        // the whole process's CPU: the spinning thread's, within the clock's 10 ms ticks, and a little of others'
        assertThat(pass.cpu().nanosPerOp()).isEqualTo(pass.cpu().nanos() / 2.0).isBetween(0.59e9, 1.2e9);
    }

    @Test
    void theMemoryPassFitsInAFifthOfTheMeasureTime() {
        PassSettings settings = PassSettings.builder().measureTime(Duration.ofSeconds(5)).build();
        long[] timed = new long[25];

        assertThat(Passes.memoryIterations(settings, timed, 200 * MS)).isEqualTo(5);
        assertThat(Passes.memoryIterations(settings, new long[5000], 1000)).isEqualTo(100);
        assertThat(Passes.memoryIterations(PassSettings.builder().iterations(40).build(), new long[40], 200 * MS))
                .isEqualTo(40);
    }

    @Test
    void theWholeSeriesIsClassifiedWithTheTimedWindows() throws Exception {
        Passes passes = new Passes(now::get);
        PassSettings settings = settings(0, Duration.ofMillis(600), Duration.ofSeconds(10));
        WarmupRun run = passes.warmup(taking(i -> MS), settings);
        long[] timed = new long[500];
        java.util.Arrays.fill(timed, 0, 250, MS);
        java.util.Arrays.fill(timed, 250, 500, MS / 2); // a drop in the middle of the timed pass

        Warmup warmup = run.withTimed(timed, settings);

        assertThat(warmup.shape()).isEqualTo(WarmupShape.NO_STEADY_STATE);
        assertThat(warmup.steady()).isFalse();
        assertThat(warmup.curve()).filteredOn(window -> window.phase().equals(Warmup.TIMED_PHASE)).isNotEmpty();
    }

    @Test
    void aFailingIterationFailsThePassAndNamesIt() {
        Passes.Iteration failsThird = tag -> {
            if (tag.equals("t2")) {
                throw new CheckFailedException("turn 1: final text was [x], the script says [y]");
            }
            return 1;
        };

        assertThatThrownBy(() -> new Passes(now::get).timed(failsThird, PassSettings.builder().iterations(5).build()))
                .isInstanceOf(IterationFailedException.class)
                .hasMessage("timed iteration [3] failed: check failed: turn 1: final text was [x], the script says [y]");
    }

    @Test
    void aFailingWarmupIterationFailsToo() {
        Passes.Iteration throwing = tag -> {
            throw new IllegalStateException("connection refused");
        };

        assertThatThrownBy(() -> new Passes(now::get).warmup(throwing, settings(5, Duration.ZERO, Duration.ZERO)))
                .isInstanceOf(IterationFailedException.class)
                .hasMessage("warmup iteration [1] failed: java.lang.IllegalStateException: connection refused");
    }
}
