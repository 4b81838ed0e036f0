package dev.agentbench.core.kind;

import dev.agentbench.core.measure.StreamLog;
import dev.agentbench.mockclient.MockAdmin.ReplyWrites;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * One session's deliveries paired with the chunks the mock wrote for it, both read off the machine's
 * monotonic clock ({@link System#nanoTime()} in two JVMs: see docs/design.md).
 *
 * <p>Pieces and chunks need not be one to one: a framework may merge chunks or split them. So they
 * are paired by text, in time order: chunk {@code j} counts as delivered by the first delivery (in
 * time order) by which the pieces handed over so far total at least the text the mock had written up
 * to and including chunk {@code j}; when the pieces total less text than was written, the chunks
 * left over count as delivered by the last delivery. The chunks are the reply's events that carry
 * text (the role's first chunk does not), over every streamed text reply of the session in the
 * order the mock wrote them.
 *
 * @param firstWrite when the mock wrote the first chunk with text
 * @param lastWrite when it wrote the last one
 * @param firstDelivery when the target handed over its first piece with text (its first piece when
 *     none had text)
 * @param lastDelivery when it handed over its last piece
 * @param writes when each chunk was written
 * @param delivered when each chunk counts as delivered, by the rule above
 * @param pieces pieces handed over in the session
 * @param pieceTimes when each piece kept was handed over, in time order
 */
record StreamPairing(long firstWrite, long lastWrite, long firstDelivery, long lastDelivery, long[] writes,
        long[] delivered, int pieces, long[] pieceTimes) {

    /** The framework's part of the time to first token: first delivery less the first chunk's write. */
    long addedFirstToken() {
        return firstDelivery - firstWrite;
    }

    /** How long the mock took to write the chunks, first to last. */
    long sendSpread() {
        return lastWrite - firstWrite;
    }

    /** How long the target took to hand over the pieces, first to last. */
    long deliverySpread() {
        return lastDelivery - firstDelivery;
    }

    /** The share of chunks delivered after the mock had written the last one. */
    double lateShare() {
        int late = 0;
        for (long at : delivered) {
            if (at > lastWrite) {
                late++;
            }
        }
        return delivered.length == 0 ? 0 : late / (double) delivered.length;
    }

    /**
     * {@code session} paired with its replies among {@code replies}; {@code null} when the mock kept no
     * chunk with text for it, or the session delivered nothing.
     */
    static StreamPairing of(StreamLog.Session session, List<ReplyWrites> replies) {
        List<ReplyWrites> mine = new ArrayList<>();
        for (ReplyWrites reply : replies) {
            if (reply.key().equals(session.key()) && reply.writes().length > 0) {
                mine.add(reply);
            }
        }
        mine.sort(Comparator.comparingLong(reply -> reply.writes()[0]));
        int chunks = 0;
        for (ReplyWrites reply : mine) {
            for (int chars : reply.chars()) {
                chunks += chars > 0 ? 1 : 0;
            }
        }
        int pieces = session.at().length;
        if (chunks == 0 || pieces == 0) {
            return null;
        }
        long[] writes = new long[chunks];
        long[] cumulative = new long[chunks];
        int j = 0;
        long total = 0;
        for (ReplyWrites reply : mine) {
            for (int i = 0; i < reply.writes().length; i++) {
                if (reply.chars()[i] > 0) {
                    total += reply.chars()[i];
                    writes[j] = reply.writes()[i];
                    cumulative[j++] = total;
                }
            }
        }
        Integer[] order = new Integer[pieces];
        for (int i = 0; i < pieces; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong(i -> session.at()[i]));
        long[] delivered = new long[chunks];
        long handed = 0;
        int chunk = 0;
        long firstDelivery = Long.MIN_VALUE;
        for (int k = 0; k < pieces && chunk < chunks; k++) {
            int piece = order[k];
            long at = session.at()[piece];
            handed += session.chars()[piece];
            if (firstDelivery == Long.MIN_VALUE && session.chars()[piece] > 0) {
                firstDelivery = at;
            }
            while (chunk < chunks && handed >= cumulative[chunk]) {
                delivered[chunk++] = at;
            }
        }
        long lastDelivery = session.at()[order[pieces - 1]];
        while (chunk < chunks) {
            delivered[chunk++] = lastDelivery;
        }
        if (firstDelivery == Long.MIN_VALUE) {
            firstDelivery = session.at()[order[0]];
        }
        long[] pieceTimes = new long[pieces];
        for (int k = 0; k < pieces; k++) {
            pieceTimes[k] = session.at()[order[k]];
        }
        return new StreamPairing(writes[0], writes[chunks - 1], firstDelivery, lastDelivery, writes, delivered,
                pieces + session.dropped(), pieceTimes);
    }
}
