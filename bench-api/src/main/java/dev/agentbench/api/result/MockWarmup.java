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
        boolean steady) {}
