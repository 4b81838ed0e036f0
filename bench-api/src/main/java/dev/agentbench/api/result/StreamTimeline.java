package dev.agentbench.api.result;

import java.util.List;

/**
 * One streamed reply of a cell that observes the stream, on one time axis: when the mock wrote each
 * chunk with text and when the target handed the application each piece, in microseconds after the
 * first chunk's write, both read off the machine's monotonic clock. The report draws it as the cell's
 * timeline. Written by the child as {@link RunLayout#cellStream}.
 *
 * @param target the target's name
 * @param cell the cell's name
 * @param writesMicros when the mock wrote each chunk with text, in order
 * @param deliveriesMicros when the target handed over each piece, in order
 */
public record StreamTimeline(String target, String cell, List<Double> writesMicros, List<Double> deliveriesMicros) {

    public StreamTimeline {
        writesMicros = writesMicros == null ? List.of() : List.copyOf(writesMicros);
        deliveriesMicros = deliveriesMicros == null ? List.of() : List.copyOf(deliveriesMicros);
    }
}
