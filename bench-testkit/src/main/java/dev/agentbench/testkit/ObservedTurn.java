package dev.agentbench.testkit;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptChecks;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * One turn played straight against the real mock (no proxy, which would pass a stream back whole)
 * with a {@link PieceRecorder} as its observer: what a target's tests of its streaming assert on.
 *
 * @param result what the target reported, already checked against the script
 * @param pieces what the target handed the observer, with when
 * @param startNanos {@link System#nanoTime()} just before the turn was run
 * @param endNanos {@link System#nanoTime()} just after the turn returned
 */
public record ObservedTurn(TurnResult result, PieceRecorder pieces, long startNanos, long endNanos) {

    /**
     * Registers {@code script} (one turn) with {@code mock}, opens {@code target} on it with {@code
     * tools} and {@code options}, runs the turn through {@code runTurn(..., observer)} and checks it
     * as a run does.
     *
     * @throws dev.agentbench.api.CheckFailedException when the turn is not what the script says
     */
    public static ObservedTurn play(MockProcess mock, BenchTarget target, Script script, List<ToolDefinition> tools,
            Map<String, String> options) throws Exception {
        mock.register(script);
        return play(target, new TargetContext(URI.create(mock.baseUrl(script.name())), "agentbench",
                "agentbench-mock", "Answer.", tools, script, options));
    }

    /**
     * Opens {@code target} on {@code context}, whose script (one turn) the mock behind its base URL
     * knows, runs the turn through {@code runTurn(..., observer)} and checks it as a run does.
     *
     * @throws dev.agentbench.api.CheckFailedException when the turn is not what the script says
     */
    @SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
    public static ObservedTurn play(BenchTarget target, TargetContext context) throws Exception {
        Script script = context.script();
        if (script.turns().size() != 1) {
            throw new IllegalArgumentException("Script [" + script.name() + "] must have one turn, has "
                    + script.turns().size());
        }
        PieceRecorder pieces = new PieceRecorder();
        try (TargetHandle handle = target.open(context)) {
            long start = System.nanoTime();
            TurnResult result = handle.runTurn("user-1", "session-1", script.turns().get(0).user(), pieces);
            long end = System.nanoTime();
            ScriptChecks.verifyTurn(script, 0, result);
            return new ObservedTurn(result, pieces, start, end);
        }
    }

    /** Milliseconds from the first text piece to the turn's return; 0 when no text piece came. */
    public double firstTextBeforeEndMillis() {
        List<PieceRecorder.Piece> text = pieces.textPieces();
        return text.isEmpty() ? 0 : (endNanos - text.get(0).nanos()) / 1e6;
    }
}
