package dev.agentbench.core.measure;

import java.time.Duration;

/**
 * Sets pass settings, on {@link PassSettings.Builder} and on {@code BenchOptions.Builder} alike: any
 * setting through {@link #set}, the common ones through a fluent method each, which sets the
 * setting it links to (what it means and its default are the setting's). Values are checked at
 * {@code build()}.
 *
 * @param <B> the builder, which every method returns
 */
public interface PassSetters<B> {

    /**
     * Gives {@code setting} a value, checked at {@code build()}: {@code set(PassSettings.FORKS, 1)}.
     *
     * @throws NullPointerException when {@code value} is {@code null}, naming the setting
     * @throws IllegalArgumentException when {@code setting} is none of {@link PassSettings#SETTINGS}
     */
    <T> B set(Setting<T> setting, T value);

    /** {@link PassSettings#FORKS}. */
    default B forks(int forks) {
        return set(PassSettings.FORKS, forks);
    }

    /** {@link PassSettings#MEASURE_TIME}. */
    default B measureTime(Duration measureTime) {
        return set(PassSettings.MEASURE_TIME, measureTime);
    }

    /** {@link PassSettings#MIN_ITERATIONS}. */
    default B minIterations(int minIterations) {
        return set(PassSettings.MIN_ITERATIONS, minIterations);
    }

    /** {@link PassSettings#MAX_ITERATIONS}. */
    default B maxIterations(int maxIterations) {
        return set(PassSettings.MAX_ITERATIONS, maxIterations);
    }

    /** {@link PassSettings#ITERATIONS}. */
    default B iterations(int iterations) {
        return set(PassSettings.ITERATIONS, iterations);
    }

    /** {@link PassSettings#WARMUP_TIME}. */
    default B warmupTime(Duration warmupTime) {
        return set(PassSettings.WARMUP_TIME, warmupTime);
    }

    /** {@link PassSettings#WARMUP_MAX}. */
    default B warmupMax(Duration warmupMax) {
        return set(PassSettings.WARMUP_MAX, warmupMax);
    }

    /** {@link PassSettings#WARMUP}. */
    default B warmup(int warmup) {
        return set(PassSettings.WARMUP, warmup);
    }

    /** {@link PassSettings#WINDOW}. */
    default B warmupWindow(Duration warmupWindow) {
        return set(PassSettings.WINDOW, warmupWindow);
    }

    /** {@link PassSettings#WINDOW_ITERATIONS}. */
    default B windowIterations(int windowIterations) {
        return set(PassSettings.WINDOW_ITERATIONS, windowIterations);
    }

    /** {@link PassSettings#BAND}. */
    default B steadyBand(double steadyBand) {
        return set(PassSettings.BAND, steadyBand);
    }

    /** {@link PassSettings#FOOTPRINT_AGENTS}. */
    default B footprintAgents(int footprintAgents) {
        return set(PassSettings.FOOTPRINT_AGENTS, footprintAgents);
    }

    /** {@link PassSettings#GROWTH_SESSIONS}. */
    default B growthSessions(int growthSessions) {
        return set(PassSettings.GROWTH_SESSIONS, growthSessions);
    }

    /** {@link PassSettings#HELD_SESSIONS}. */
    default B heldSessions(int heldSessions) {
        return set(PassSettings.HELD_SESSIONS, heldSessions);
    }

    /** {@link PassSettings#COLD_STARTS}. */
    default B coldStarts(int coldStarts) {
        return set(PassSettings.COLD_STARTS, coldStarts);
    }

    /** {@link PassSettings#MODEL_LATENCY}. */
    default B modelLatency(Duration modelLatency) {
        return set(PassSettings.MODEL_LATENCY, modelLatency);
    }

    /** {@link PassSettings#MODEL_CHUNK_DELAY}. */
    default B modelChunkDelay(Duration modelChunkDelay) {
        return set(PassSettings.MODEL_CHUNK_DELAY, modelChunkDelay);
    }

    /** {@link PassSettings#LOAD_THREADS}. */
    default B loadThreads(String loadThreads) {
        return set(PassSettings.LOAD_THREADS, loadThreads);
    }

    /** {@link PassSettings#PROFILE}. */
    default B profile(String profile) {
        return set(PassSettings.PROFILE, profile);
    }

    /** {@link PassSettings#DRY_RUN}. */
    default B dryRun(boolean dryRun) {
        return set(PassSettings.DRY_RUN, dryRun);
    }
}
