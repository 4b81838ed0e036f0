package dev.agentbench.mock;

/**
 * The load counters of one registered script, all since it was registered (registering a script
 * again, in-process or with {@code PUT /admin/scripts/{name}}, starts them from zero). Served at
 * {@code GET /admin/scripts/{name}/load} with these field names, and by {@link MockServer#load}.
 *
 * @param requests chat requests accepted for the script (every one, whatever its reply)
 * @param inFlight requests accepted whose response has not yet ended or been closed
 * @param maxInFlight the highest {@code inFlight} seen
 * @param holds the waits the mock made: one per {@code delayMs} and one per {@code chunkDelayMs}
 *     before a streamed event, each an event-loop timer
 * @param heldNanos the waits asked for, in total (after clamping each to 1 ms .. the hang limit)
 * @param lateMaxMicros the most any wait overran what was asked (timer fired minus timer set, less
 *     the delay asked), in microseconds; 0 with no holds
 * @param lateP99Micros the 99th percentile of that overrun, in microseconds, to within 1% above
 *     the true value (an HdrHistogram bucket's highest value), never above {@code lateMaxMicros}; 0
 *     with no holds
 * @param lateTotalMicros every overrun summed, in microseconds: over {@code holds}, the mean by
 *     which the mock's waits were longer than asked
 */
public record ScriptLoad(long requests, int inFlight, int maxInFlight, long holds, long heldNanos,
        long lateMaxMicros, long lateP99Micros, long lateTotalMicros) {
}
