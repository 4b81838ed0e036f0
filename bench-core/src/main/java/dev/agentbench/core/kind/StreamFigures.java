package dev.agentbench.core.kind;

import com.google.common.math.Quantiles;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Figure.Better;
import dev.agentbench.api.result.Figure.Combine;
import dev.agentbench.core.measure.Measurement;
import dev.agentbench.core.measure.StreamLog;
import dev.agentbench.mockclient.MockAdmin.ReplyWrites;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The figures of a cell that observes the stream (a benchmark whose {@code streamed()} is {@code
 * true}): the timed pass's last sessions' deliveries paired with the mock's writes ({@link
 * StreamPairing}), in the section {@value #SECTION}.
 *
 * <p><b>Buffered</b>: with a chunk delay (the median session's chunks written over
 * {@value #JUDGED_SEND_SPREAD_MILLIS} ms or more, first to last, and {@value #JUDGED_CHUNK_GAP_MILLIS} ms
 * or more apart on average), a cell is flagged buffered when
 * its median session's deliveries spread over less than {@value #BUFFERED_SPREAD_RATIO} of the time
 * the sends spread over, or more than {@value #BUFFERED_LATE_SHARE} of its chunks were delivered only
 * after the mock had written the last one. A framework that streams spreads its deliveries like the
 * sends (a ratio near 1, one chunk late); one that collects the whole stream and hands it over at the
 * end collapses them after the last write. Without a chunk delay the flag is not judged and the cell
 * has no {@code buffered} figure: the chunks are written back to back, a few microseconds apart, and a
 * target that spends more than that on each delivers most of them after the last write without
 * holding any back (a reply of 2,048 chunks is written over 10 ms and more so).
 */
final class StreamFigures {

    static final String SECTION = "Streaming";

    static final double JUDGED_SEND_SPREAD_MILLIS = 10;
    static final double JUDGED_CHUNK_GAP_MILLIS = 1;
    static final double BUFFERED_SPREAD_RATIO = 0.2;
    static final double BUFFERED_LATE_SHARE = 0.9;

    static final Figure.Definition FIRST_TOKEN = define("addedFirstTokenMicros", "added time to first token", "µs",
            Better.LOWER, Combine.MEDIAN, "the framework's part of the time to first token, at the median session: "
                    + "when the target handed the application its first piece of text less when the mock wrote the "
                    + "first chunk with text, both on the machine's monotonic clock.");
    static final Figure.Definition FIRST_TOKEN_P99 = define("addedFirstTokenP99Micros", "first token p99", "µs",
            Better.LOWER, Combine.MAX, "the same at the 99th percentile of the sessions, the worst fork's.");
    static final Figure.Definition LAG = define("chunkLagMicros", "chunk lag p50", "µs", Better.LOWER,
            Combine.MEDIAN, "delivery less write for every chunk, at the median: a chunk counts as delivered by the "
                    + "first piece with which the text handed over reaches the text written up to that chunk.");
    static final Figure.Definition LAG_P99 = define("chunkLagP99Micros", "chunk lag p99", "µs", Better.LOWER,
            Combine.MAX, "the same at the 99th percentile, the worst fork's.");
    static final Figure.Definition SPREAD = define("spreadRatio", "delivery/send spread", "", Better.NEITHER,
            Combine.MEDIAN, "the median session's deliveries, first to last, over its sends, first to last: near 1 "
                    + "for a target that streams under a chunk delay, near 0 for one that buffers.");
    static final Figure.Definition LATE = define("lateShare", "delivered after the last write", "", Better.LOWER,
            Combine.MEDIAN, "the median session's share of chunks delivered only after the mock wrote its last "
                    + "chunk.");
    static final Figure.Definition SEND_SPREAD = define("sendSpreadMillis", "send spread", "ms", Better.NEITHER,
            Combine.MEDIAN, "how long the mock took to write a session's chunks, first to last, at the median.");
    static final Figure.Definition BUFFERED = define("buffered", "buffered", Figure.FLAG, Better.LOWER, Combine.MAX,
            "yes when, with a chunk delay, deliveries collapsed to the end of the stream: a spread ratio under "
                    + BUFFERED_SPREAD_RATIO + " or more than " + Math.round(BUFFERED_LATE_SHARE * 100) + "% of the "
                    + "chunks delivered after the last write (any fork's).");
    static final Figure.Definition PIECES = define("piecesPerReply", "pieces", "", Better.NEITHER, Combine.MEDIAN,
            "pieces the target handed over per session, at the median.");
    static final Figure.Definition CHUNKS = define("chunksPerReply", "chunks", "", Better.NEITHER, Combine.MEDIAN,
            "chunks with text the mock wrote per session.");
    static final Figure.Definition CPU_PER_CHUNK = define("cpuNanosPerChunk", "CPU per chunk", "ns", Better.LOWER,
            Combine.MEDIAN, "the process's CPU time per iteration over the chunks an iteration streams.");
    static final Figure.Definition ALLOCATED_PER_CHUNK = define("allocatedBytesPerChunk", "allocated per chunk",
            "B", Better.LOWER, Combine.MEDIAN, "bytes allocated per iteration over the chunks an iteration streams.");
    static final Figure.Definition PAIRED = define("pairedSessions", "sessions paired", "", Better.NEITHER,
            Combine.SUM, "the timed pass's last sessions whose deliveries were paired with the mock's writes.");

    static final List<Figure.Definition> FIGURES = List.of(FIRST_TOKEN, FIRST_TOKEN_P99, LAG, LAG_P99, SPREAD, LATE,
            SEND_SPREAD, BUFFERED, PIECES, CHUNKS, CPU_PER_CHUNK, ALLOCATED_PER_CHUNK, PAIRED);

    private final List<StreamPairing> pairings = new ArrayList<>();
    private int unpaired;
    private String cannotPair;

    private StreamFigures() {}

    private static Figure.Definition define(String name, String label, String unit, Better better, Combine combine,
            String description) {
        return new Figure.Definition(name, label, unit, better, combine, SECTION, description);
    }

    /** What collects the timed pass's pairings: give it to the {@link StreamLog}. */
    static StreamFigures collector() {
        return new StreamFigures();
    }

    /** Pairs the timed pass's {@code sessions} with the mock's {@code replies}. */
    void pair(List<StreamLog.Session> sessions, List<ReplyWrites> replies) {
        for (StreamLog.Session session : sessions) {
            StreamPairing pairing = StreamPairing.of(session, replies);
            if (pairing == null) {
                unpaired++;
            } else {
                pairings.add(pairing);
            }
        }
        if (pairings.isEmpty()) {
            cannotPair = "the mock kept no chunk write times for the " + sessions.size() + " sessions of the timed"
                    + " pass (did the benchmark tag its user messages with StreamTag?)";
        }
    }

    /**
     * One reply of the timed pass for the report's timeline: the session whose added time to first
     * token is the median's, its writes and deliveries in microseconds after its first write; {@code
     * null} with none paired.
     */
    dev.agentbench.api.result.StreamTimeline timeline(String target, String cell) {
        if (pairings.isEmpty()) {
            return null;
        }
        List<StreamPairing> byFirstToken = new ArrayList<>(pairings);
        byFirstToken.sort(java.util.Comparator.comparingLong(StreamPairing::addedFirstToken));
        StreamPairing median = byFirstToken.get(byFirstToken.size() / 2);
        List<Double> writes = new ArrayList<>();
        for (long at : median.writes()) {
            writes.add((at - median.firstWrite()) / 1e3);
        }
        List<Double> deliveries = new ArrayList<>();
        for (long at : median.pieceTimes()) {
            deliveries.add((at - median.firstWrite()) / 1e3);
        }
        return new dev.agentbench.api.result.StreamTimeline(target, cell, writes, deliveries);
    }

    /** The sessions paired, for a test. */
    List<StreamPairing> pairings() {
        return pairings;
    }

    /**
     * Fails unless a session of the timed pass was paired with the mock's writes: what a dry run checks
     * in place of the figures.
     *
     * @throws IllegalStateException when no session could be paired
     */
    void requirePaired() {
        if (cannotPair != null) {
            throw new IllegalStateException(cannotPair);
        }
    }

    /**
     * {@code measurement} with the streaming figures, its CPU and allocation shared over the chunks of
     * an iteration of {@code concurrency} sessions; a line in {@code log}.
     *
     * @throws IllegalStateException when no session could be paired
     */
    Measurement addTo(Measurement measurement, int concurrency, Consumer<String> log) {
        requirePaired();
        int n = pairings.size();
        double[] firstToken = new double[n];
        double[] spreads = new double[n];
        double[] late = new double[n];
        double[] sendSpread = new double[n];
        double[] pieces = new double[n];
        double[] chunks = new double[n];
        List<Double> lags = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            StreamPairing pairing = pairings.get(i);
            firstToken[i] = pairing.addedFirstToken() / 1e3;
            sendSpread[i] = pairing.sendSpread() / 1e6;
            spreads[i] = pairing.sendSpread() <= 0 ? 1 : pairing.deliverySpread() / (double) pairing.sendSpread();
            late[i] = pairing.lateShare();
            pieces[i] = pairing.pieces();
            chunks[i] = pairing.writes().length;
            for (int j = 0; j < pairing.writes().length; j++) {
                lags.add((pairing.delivered()[j] - pairing.writes()[j]) / 1e3);
            }
        }
        double[] lag = lags.stream().mapToDouble(Double::doubleValue).toArray();
        double spreadMedian = median(spreads);
        double lateMedian = median(late);
        double sendMedian = median(sendSpread);
        double chunkMedian = median(chunks);
        List<Figure> figures = new ArrayList<>(List.of(FIRST_TOKEN.of(median(firstToken)),
                FIRST_TOKEN_P99.of(p99(firstToken)), LAG.of(median(lag)), LAG_P99.of(p99(lag)),
                SPREAD.of(spreadMedian), LATE.of(lateMedian), SEND_SPREAD.of(sendMedian)));
        Boolean buffered = null;
        double gapMillis = chunkMedian > 1 ? sendMedian / (chunkMedian - 1) : 0;
        if (sendMedian >= JUDGED_SEND_SPREAD_MILLIS && gapMillis >= JUDGED_CHUNK_GAP_MILLIS) {
            buffered = spreadMedian < BUFFERED_SPREAD_RATIO || lateMedian > BUFFERED_LATE_SHARE;
            figures.add(BUFFERED.of(buffered ? 1 : 0));
        }
        figures.add(PIECES.of(median(pieces)));
        figures.add(CHUNKS.of(chunkMedian));
        double chunksPerIteration = chunkMedian * concurrency;
        if (measurement.cpu() != null && chunksPerIteration > 0) {
            figures.add(CPU_PER_CHUNK.of(measurement.cpu().nanosPerOp() / chunksPerIteration));
        }
        if (measurement.memory() != null && measurement.memory().allocatedBytesPerOp() != null
                && chunksPerIteration > 0) {
            figures.add(ALLOCATED_PER_CHUNK.of(measurement.memory().allocatedBytesPerOp() / chunksPerIteration));
        }
        figures.add(PAIRED.of(n));
        log.accept(String.format(Locale.ROOT, "stream: %d sessions paired%s; added time to first token %.1f µs"
                + " median (p99 %.1f µs), chunk lag %.1f µs p50 (p99 %.1f µs), delivery/send spread %.2f over %.1f"
                + " ms, %.0f%% delivered after the last write, %.0f pieces for %.0f chunks%s", n,
                unpaired == 0 ? "" : " (" + unpaired + " not)", median(firstToken), p99(firstToken), median(lag),
                p99(lag), spreadMedian, sendMedian, lateMedian * 100, median(pieces), chunkMedian,
                buffered == null ? "; no chunk delay, buffering not judged" : buffered ? "; BUFFERED" : "; streamed"));
        Measurement with = measurement;
        for (Figure figure : figures) {
            with = with.withFigure(figure);
        }
        return with;
    }

    private static double median(double[] values) {
        return values.length == 0 ? 0 : Quantiles.median().compute(values);
    }

    private static double p99(double[] values) {
        return values.length == 0 ? 0 : Quantiles.percentiles().index(99).compute(values);
    }
}
