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
 * @param served replies written in full and timed (not the ones cut off, hung, or refused before a
 *     step was chosen: a bad request, a request past the script's end), of the turns from the one
 *     the script was registered to be timed from ({@code ?timedFromTurn=K}; by default every turn)
 * @param serveMedianNanos the median of the mock's own time per reply served, in nanoseconds: from
 *     the request's last byte read (the whole body in hand) to the reply's last byte written (for a
 *     stream, its last event), less every wait the script asked for (a delay, the chunk delays)
 *     and how late its timer fired; to within 1% above the true value; 0 with none served
 * @param serveP99Nanos the 99th percentile of that time, in the same way
 * @param serveTotalNanos that time summed over the replies served, in nanoseconds
 */
public record ScriptLoad(long requests, int inFlight, int maxInFlight, long holds, long heldNanos,
        long lateMaxMicros, long lateP99Micros, long lateTotalMicros, long served, long serveMedianNanos,
        long serveP99Nanos, long serveTotalNanos) {
}
