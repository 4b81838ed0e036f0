package dev.agentbench.cli.calibration;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A target of known leak, for the end-to-end test of {@code session_growth}: each turn spins on
 * {@link System#nanoTime} for a fixed wall time and answers from the script, running the scripted
 * tool calls itself, with no HTTP and no framework; each deleted session leaves an array of a fixed
 * size behind in a static list that is never cleared, as a chat history never freed would.
 *
 * <p>Target options ({@code -O key=value}):
 * <ul>
 *   <li>{@code spinMicros}: the wall time of one turn, in microseconds (default 100);</li>
 *   <li>{@code leakBytes}: the length of the array each deleted session leaves (default 32768).</li>
 * </ul>
 */
public final class LeakingTarget implements BenchTarget {

    public static final String NAME = "leaking";

    /** What every deleted session left, in this JVM: never cleared. */
    private static final List<byte[]> LEAKED = new ArrayList<>();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Test target: spins a fixed wall time per turn and keeps an array of every deleted session";
    }

    @Override
    public TargetHandle open(TargetContext context) {
        long spinNanos = CalibrationTarget.positiveLong(context, "spinMicros", 100) * 1_000;
        long leakBytes = CalibrationTarget.positiveLong(context, "leakBytes", 32_768);
        if (leakBytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("Target option [leakBytes] must be below 2 GiB, was [" + leakBytes + "]");
        }
        return new Handle(context, spinNanos, (int) leakBytes);
    }

    private static final class Handle implements TargetHandle {
        private final Script script;
        private final Map<String, ToolDefinition> tools = new ConcurrentHashMap<>();
        private final long spinNanos;
        private final int leakBytes;
        /** Turns played so far, per session. */
        private final Map<String, Integer> turns = new ConcurrentHashMap<>();

        Handle(TargetContext context, long spinNanos, int leakBytes) {
            this.script = context.script();
            this.spinNanos = spinNanos;
            this.leakBytes = leakBytes;
            context.tools().forEach(tool -> tools.put(tool.name(), tool));
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
            int turn = turns.merge(sessionId, 1, Integer::sum) - 1;
            if (turn >= script.turns().size()) {
                throw new IllegalStateException("Session [" + sessionId + "] is past the end of script ["
                        + script.name() + "]");
            }
            ScriptTurn scripted = script.turns().get(turn);
            List<ToolCall> calls = new ArrayList<>();
            List<ToolResult> results = new ArrayList<>();
            for (int step = 0; step < scripted.steps().size(); step++) {
                Step reply = scripted.steps().get(step);
                for (int index = 0; index < reply.toolCalls().size(); index++) {
                    ScriptedToolCall scriptedCall = reply.toolCalls().get(index);
                    ToolCall call = new ToolCall(Script.toolCallId(turn, step, index), scriptedCall.name(),
                            scriptedCall.arguments());
                    calls.add(call);
                    ToolDefinition tool = tools.get(call.name());
                    results.add(tool == null ? new ToolResult(call.id(), call.name(), "{\"error\":\"unknown tool\"}", true)
                            : new ToolResult(call.id(), call.name(), tool.function().call(call.arguments()), false));
                }
            }
            long end = System.nanoTime() + spinNanos;
            while (System.nanoTime() - end < 0) {
                Thread.onSpinWait();
            }
            return new TurnResult(scripted.finalText(), true, calls, results);
        }

        @Override
        public void deleteSession(String userId, String sessionId) {
            turns.remove(sessionId);
            synchronized (LEAKED) {
                LEAKED.add(new byte[leakBytes]);
            }
        }

        @Override
        public void close() {
            turns.clear(); // what was leaked stays
        }
    }
}
