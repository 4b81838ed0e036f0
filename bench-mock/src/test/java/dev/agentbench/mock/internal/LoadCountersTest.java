package dev.agentbench.mock.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.mock.ScriptLoad;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class LoadCountersTest {

    @Test
    void histogramBucketsHoldTheirValuesWithinOneThirtySecond() {
        for (long v = 0; v < 5_000_000; v += v < 1000 ? 1 : 997) {
            long edge = LatenessHistogram.upperEdge(LatenessHistogram.index(v));
            assertThat(edge).as("value %d", v).isGreaterThanOrEqualTo(v).isLessThanOrEqualTo(v + v / 32);
        }
        assertThat(LatenessHistogram.upperEdge(LatenessHistogram.index(Long.MAX_VALUE))).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void percentileIsTheBucketEdgeAtTheRank() {
        LatenessHistogram histogram = new LatenessHistogram();
        assertThat(histogram.percentile(0.99)).isZero();
        for (int v = 1; v <= 100; v++) {
            histogram.record(v);
        }
        assertThat(histogram.percentile(0.99)).isEqualTo(99);
        assertThat(histogram.percentile(0.5)).isEqualTo(50);
        histogram.record(1_000_000);
        assertThat(histogram.percentile(1.0)).isBetween(1_000_000L, 1_000_000L + 1_000_000L / 32);
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
}
