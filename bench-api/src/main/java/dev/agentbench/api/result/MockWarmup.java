package dev.agentbench.api.result;

/**
 * How the mock was warmed before the first cell, so that its JIT never lands in a cell: every script
 * the run uses, in both stream modes, at every concurrency level of the run, until its latency was
 * steady or a cap was reached.
 *
 * @param millis how long the warm-up took
 * @param requests requests sent
 * @param firstMedianMicros the median request latency of the first window, in microseconds
 * @param lastMedianMicros the median request latency of the last window, in microseconds
 * @param steady whether the last windows were within the band of each other (else the cap ended it)
 */
public record MockWarmup(long millis, long requests, double firstMedianMicros, double lastMedianMicros,
        boolean steady) {

    /**
     * Why a warm-up sends no request ({@code requests} 0), in the words progress and reports give it:
     * a step that only waits is warmed without its waits, every other injected fault is left out.
     */
    public static final String NOTHING_TO_WARM = "every step of the run's scripts is an injected error, hang or cut, "
            + "which the warm-up never asks for";
}
