package dev.agentbench.core.kind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Memory;
import dev.agentbench.core.measure.Measurement;
import dev.agentbench.core.measure.StreamLog;
import dev.agentbench.mockclient.MockAdmin.ReplyWrites;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Deliveries paired with the mock's writes, on made-up clocks: a target that streams, one that
 * buffers, one that merges chunks, and a stream without a chunk delay.
 */
class StreamFiguresTest {

    private static final long MS = 1_000_000;

    /** The mock's reply: a role chunk at {@code start}, then {@code chunks} chunks of 5 characters, {@code gap} apart. */
    private static ReplyWrites reply(String key, long start, int chunks, long gap) {
        long[] writes = new long[chunks + 1];
        int[] chars = new int[chunks + 1];
        writes[0] = start;
        for (int i = 1; i <= chunks; i++) {
            writes[i] = start + i * gap;
            chars[i] = 5;
        }
        return new ReplyWrites(key, 0, 0, writes, chars);
    }

    private static StreamLog.Session session(String key, long[] at, int pieceChars) {
        int[] chars = new int[at.length];
        java.util.Arrays.fill(chars, pieceChars);
        return new StreamLog.Session(key, at, chars, 0);
    }

    private static Measurement measured(List<StreamLog.Session> sessions, List<ReplyWrites> replies) {
        StreamFigures figures = StreamFigures.collector();
        figures.pair(sessions, replies);
        Measurement plain = new Measurement(new long[] {1000}, null, new Cpu(16_000, 16_000, 1),
                new Memory(3200.0, true, null, null), null, null, List.of());
        return figures.addTo(plain, 1, line -> {});
    }

    private static double value(Measurement measurement, String name) {
        Figure figure = Figure.find(measurement.figures(), name);
        assertThat(figure).as(name).isNotNull();
        return figure.value();
    }

    @Test
    void deliveriesThatFollowEachChunkAreNotBuffered() {
        // 16 chunks 20 ms apart, each delivered 50 µs after its write
        long[] at = new long[16];
        for (int i = 0; i < 16; i++) {
            at[i] = 1000 * MS + (i + 1) * 20 * MS + 50_000;
        }
        Measurement m = measured(List.of(session("s", at, 5)), List.of(reply("s", 1000 * MS, 16, 20 * MS)));

        assertThat(value(m, "addedFirstTokenMicros")).isEqualTo(50.0);
        assertThat(value(m, "chunkLagMicros")).isEqualTo(50.0);
        assertThat(value(m, "spreadRatio")).isEqualTo(1.0);
        assertThat(value(m, "lateShare")).isEqualTo(1 / 16.0);
        assertThat(value(m, "sendSpreadMillis")).isEqualTo(300.0);
        assertThat(value(m, "buffered")).isZero();
        assertThat(value(m, "piecesPerReply")).isEqualTo(16.0);
        assertThat(value(m, "cpuNanosPerChunk")).isEqualTo(1000.0);
        assertThat(value(m, "allocatedBytesPerChunk")).isEqualTo(200.0);
        assertThat(Figure.find(m.figures(), "buffered").raised()).isFalse();
    }

    @Test
    void deliveriesCollapsedAfterTheLastWriteAreBuffered() {
        long end = 1000 * MS + 16 * 20 * MS + 2 * MS;
        long[] at = new long[16];
        for (int i = 0; i < 16; i++) {
            at[i] = end + i * 1000;
        }
        Measurement m = measured(List.of(session("s", at, 5)), List.of(reply("s", 1000 * MS, 16, 20 * MS)));

        assertThat(value(m, "lateShare")).isEqualTo(1.0);
        assertThat(value(m, "spreadRatio")).isLessThan(0.2);
        assertThat(value(m, "buffered")).isEqualTo(1.0);
        assertThat(Figure.find(m.figures(), "buffered").raised()).isTrue();
        assertThat(value(m, "addedFirstTokenMicros")).as("the whole stream's time, less nothing").isEqualTo(302_000.0);
    }

    @Test
    void mergedPiecesDeliverTheChunksTheirTextCovers() {
        // 4 chunks of 5 characters 20 ms apart; the target hands over two pieces of 10 characters,
        // each right after the second chunk it holds
        long start = 1000 * MS;
        long[] at = {start + 40 * MS + 10_000, start + 80 * MS + 10_000};
        StreamFigures figures = StreamFigures.collector();
        figures.pair(List.of(session("s", at, 10)), List.of(reply("s", start, 4, 20 * MS)));

        StreamPairing pairing = figures.pairings().get(0);
        assertThat(pairing.delivered()).containsExactly(at[0], at[0], at[1], at[1]);
        assertThat(pairing.addedFirstToken()).isEqualTo(20 * MS + 10_000);
        assertThat(pairing.pieces()).isEqualTo(2);
    }

    @Test
    void withoutAChunkDelayBufferingIsNotJudged() {
        long[] at = {1000 * MS + 100_000, 1000 * MS + 110_000};
        Measurement m = measured(List.of(session("s", at, 5)), List.of(reply("s", 1000 * MS, 2, 1000)));

        assertThat(Figure.find(m.figures(), "buffered")).isNull();
        assertThat(value(m, "sendSpreadMillis")).isLessThan(1.0);
    }

    @Test
    void aLongBurstWithoutAChunkDelayIsNotJudgedEvenWhenItTakesLongerThanTenMilliseconds() {
        // 2,048 chunks written back to back, 6 µs apart (12 ms in all); a target that spends 100 µs on
        // each delivers nearly all of them after the last write, holding none back
        long start = 1000 * MS;
        long[] at = new long[2048];
        for (int i = 0; i < at.length; i++) {
            at[i] = start + 6_000 + i * 100_000L;
        }
        Measurement m = measured(List.of(session("s", at, 5)), List.of(reply("s", start, 2048, 6_000)));

        assertThat(value(m, "sendSpreadMillis")).isGreaterThan(10.0);
        assertThat(value(m, "lateShare")).isGreaterThan(0.9);
        assertThat(Figure.find(m.figures(), "buffered")).as("not judged: no chunk delay").isNull();
    }

    @Test
    void sessionsArePairedByTheirTagsOnly() {
        List<StreamLog.Session> sessions = new ArrayList<>();
        List<ReplyWrites> replies = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            long start = (k + 1) * 1000 * MS;
            sessions.add(session("session-t" + k + "-0", new long[] {start + 20 * MS + (k + 1) * 1000}, 5));
            replies.add(reply("session-t" + k + "-0", start, 1, 20 * MS));
        }
        replies.add(reply("session-w9-0", 0, 1, 20 * MS)); // a warm-up session's, not kept by the child
        Measurement m = measured(sessions, replies);

        assertThat(value(m, "pairedSessions")).isEqualTo(3.0);
        assertThat(value(m, "addedFirstTokenMicros")).isEqualTo(2.0);
    }

    @Test
    void noWritesForAnySessionIsAClearFailure() {
        StreamFigures figures = StreamFigures.collector();
        figures.pair(List.of(session("s", new long[] {1}, 5)), List.of());
        assertThatThrownBy(() -> figures.addTo(new Measurement(new long[] {1}, null, null, null, null, null,
                List.of()), 1, line -> {}))
                .hasMessageContaining("the mock kept no chunk write times for the 1 sessions of the timed pass");
    }
}
