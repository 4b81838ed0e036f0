package dev.agentbench.core.measure;

import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * A target's handle with a clock around every {@link #runTurn}: how long each turn took, and how
 * many turns ran, whatever a benchmark's session does. It is in place in every pass, so that the
 * warm-up exercises the same code as the timed pass; only what it records into changes. It costs
 * two clock reads per turn and allocates nothing. Every turn reaches the target's {@link
 * TargetHandle#runTurn(String, String, String, StreamObserver) observed form}: with the session's
 * observer in a cell that observes the stream ({@link StreamLog}), with {@link StreamObserver#NONE}
 * otherwise.
 */
final class TimedHandle implements TargetHandle {

    private final TargetHandle delegate;
    private final LongSupplier clock;
    private volatile TurnTimes turns = TurnTimes.countOnly();

    public TimedHandle(TargetHandle delegate, LongSupplier clock) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** From now on, records into {@code turns}; returns it. */
    public TurnTimes recordInto(TurnTimes turns) {
        this.turns = Objects.requireNonNull(turns, "turns");
        return turns;
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
        return runTurn(userId, sessionId, message, StreamObserver.NONE);
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message, StreamObserver observer)
            throws Exception {
        TurnTimes into = turns;
        long start = clock.getAsLong();
        TurnResult result = delegate.runTurn(userId, sessionId, message, observer);
        into.record(clock.getAsLong() - start);
        return result;
    }

    @Override
    public void deleteSession(String userId, String sessionId) throws Exception {
        delegate.deleteSession(userId, sessionId);
    }

    @Override
    public void close() throws Exception {
        delegate.close();
    }
}
