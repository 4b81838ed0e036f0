package dev.agentbench.mock.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.mock.ScriptLoad;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class LoadCountersTest {

    @Test
    void theP99OfLatenessIsWithinOnePercentAboveTheTrueValueAndNeverAboveTheMaximum() {
        LoadCounters load = new LoadCounters();
        assertThat(load.snapshot().lateP99Micros()).isZero();
        long set = 1_000_000_000L;
        for (int late = 1; late <= 1_000; late++) {
            load.held(10, set, set + 10_000_000L + late * 1_000_000L); // asked 10 ms, 1..1000 ms late
        }
        ScriptLoad snapshot = load.snapshot();
        assertThat(snapshot.holds()).isEqualTo(1_000);
        assertThat(snapshot.lateMaxMicros()).isEqualTo(1_000_000L);
        assertThat(snapshot.lateP99Micros()).isBetween(990_000L, 990_000L + 9_900L);
        assertThat(snapshot.lateTotalMicros()).isEqualTo(1_000L * 1_001 / 2 * 1_000);

        LoadCounters exact = new LoadCounters();
        for (int late = 1; late <= 100; late++) {
            exact.held(1, set, set + 1_000_000L + late * 1_000L); // 1..100 µs late: small values are exact
        }
        assertThat(exact.snapshot().lateP99Micros()).isEqualTo(99);
        assertThat(exact.snapshot().lateMaxMicros()).isEqualTo(100);
    }

    @Test
    void aHoldLaterThanAnHourCountsAsAnHourInThePercentileAndInFullInTheMaximum() {
        LoadCounters load = new LoadCounters();
        long set = 1_000_000_000L;
        load.held(1, set, set + 1_000_000L + 7_200_000_000_000L); // two hours late
        ScriptLoad snapshot = load.snapshot();
        assertThat(snapshot.lateMaxMicros()).isEqualTo(7_200_000_000L);
        assertThat(snapshot.lateP99Micros()).isBetween(LoadCounters.LATE_HIGHEST_MICROS,
                LoadCounters.LATE_HIGHEST_MICROS + LoadCounters.LATE_HIGHEST_MICROS / 100);
    }

    @Test
    void inFlightCountsAcrossThreadsAndKeepsItsPeak() throws Exception {
        LoadCounters load = new LoadCounters();
        int threads = 4;
        int each = 100_000;
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread worker = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < each; i++) {
                    load.accept();
                    load.handle(null);
                }
            });
            worker.start();
            workers.add(worker);
        }
        go.countDown();
        for (Thread worker : workers) {
            worker.join();
        }
        ScriptLoad snapshot = load.snapshot();
        assertThat(snapshot.requests()).isEqualTo((long) threads * each);
        assertThat(snapshot.inFlight()).isZero();
        assertThat(snapshot.maxInFlight()).isBetween(1, threads);

        load.accept();
        load.accept();
        load.accept();
        load.handle(null);
        assertThat(load.snapshot().inFlight()).isEqualTo(2);
        assertThat(load.snapshot().maxInFlight()).isEqualTo(Math.max(3, snapshot.maxInFlight()));
    }

    @Test
    void aHoldRecordsWhatWasAskedAndHowLateItFired() {
        LoadCounters load = new LoadCounters();
        long now = System.nanoTime();
        load.held(10, now - 12_000_000L);   // asked 10 ms, fired after 12 ms: 2 ms late
        load.held(5, now);                  // fired "early" as far as it knows: not late
        ScriptLoad snapshot = load.snapshot();
        assertThat(snapshot.holds()).isEqualTo(2);
        assertThat(snapshot.heldNanos()).isEqualTo(15_000_000L);
        assertThat(snapshot.lateMaxMicros()).isBetween(2_000L, 2_000L + 50_000L);
        assertThat(snapshot.lateP99Micros()).isBetween(2_000L, snapshot.lateMaxMicros());
        assertThat(snapshot.lateTotalMicros()).as("the late hold's overrun; the early one adds nothing")
                .isEqualTo(snapshot.lateMaxMicros());
    }

    @Test
    void theEarlierTurnsShareEveryCounterButTheServeTimes() {
        LoadCounters load = new LoadCounters(3);
        LoadCounters earlier = load.forTurn(2);
        assertThat(load.forTurn(3)).isSameAs(load);
        assertThat(load.forTurn(7)).isSameAs(load);
        assertThat(earlier).isNotSameAs(load).isSameAs(load.forTurn(0));

        earlier.accept();
        earlier.held(1, 0, 1_000_000L);
        earlier.served(900_000);
        earlier.handle(null);
        load.forTurn(3).accept();
        load.forTurn(3).served(40_000);

        ScriptLoad snapshot = load.snapshot();
        assertThat(snapshot.requests()).isEqualTo(2);
        assertThat(snapshot.inFlight()).isEqualTo(1);
        assertThat(snapshot.maxInFlight()).isEqualTo(1);
        assertThat(snapshot.holds()).isEqualTo(1);
        assertThat(snapshot.served()).as("the reply of turn 4 alone").isEqualTo(1);
        assertThat(snapshot.serveTotalNanos()).isEqualTo(40_000);
        assertThat(earlier.snapshot()).isEqualTo(snapshot);

        LoadCounters every = new LoadCounters();
        assertThat(every.forTurn(0)).isSameAs(every);
    }
}
