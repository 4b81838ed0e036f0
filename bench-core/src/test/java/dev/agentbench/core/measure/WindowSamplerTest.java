package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class WindowSamplerTest {

    @Test
    void theMedianOfAFewSamplesIsExact() {
        WindowSampler sampler = new WindowSampler(8);
        for (long sample : new long[] {5, 1, 3, 2}) {
            sampler.add(sample);
        }

        assertThat(sampler.count()).isEqualTo(4);
        assertThat(sampler.median()).isEqualTo(2.5);
    }

    @Test
    void manyMoreSamplesThanItKeepsStillGiveTheWindowsMedian() {
        WindowSampler sampler = new WindowSampler(64);
        // a rising window: a sampler that kept only the first 64 would say about 32
        for (long i = 0; i < 100_000; i++) {
            sampler.add(i);
        }

        assertThat(sampler.count()).isEqualTo(100_000);
        assertThat(sampler.median()).isCloseTo(50_000, within(2_000.0));
    }

    @Test
    void resetStartsAFreshWindow() {
        WindowSampler sampler = new WindowSampler(4);
        for (long i = 0; i < 100; i++) {
            sampler.add(1000);
        }
        sampler.reset();
        sampler.add(7);

        assertThat(sampler.count()).isEqualTo(1);
        assertThat(sampler.median()).isEqualTo(7);
    }
}
