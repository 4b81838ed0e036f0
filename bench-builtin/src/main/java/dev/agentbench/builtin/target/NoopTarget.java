package dev.agentbench.builtin.target;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.NotApplicableException;
import dev.agentbench.api.StreamObserver;
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
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The calibration target: answers every turn straight from the script, with no HTTP and no
 * framework, running the scripted tool calls itself one after another. What it costs is what the
 * harness costs; every other figure can be read above it. It makes no model call, so it has no stream:
 * a cell that observes the stream is not applicable to it.
 */
public final class NoopTarget implements BenchTarget {

    public static final String NAME = "noop";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Calibration: answers from the script with no HTTP and no framework (the harness floor)";
    }

    /** The Java version: the JDK, all the no-op target runs on. */
    @Override
    public String version() {
        return System.getProperty("java.version");
    }

    @Override
    public TargetHandle open(TargetContext context) {
        return new Handle(context.script(), context.tools());
    }

    private static final class Handle implements TargetHandle {
        private final Script script;
        private final Map<String, ToolDefinition> tools;
        /** Turns played so far, per session. */
        private final Map<String, Integer> turns = new ConcurrentHashMap<>();

        Handle(Script script, List<ToolDefinition> tools) {
            this.script = script;
            this.tools = tools.stream().collect(Collectors.toMap(ToolDefinition::name, Function.identity()));
        }

        /** The reason of a cell that observes the stream. */
        static final String NO_STREAM = "noop makes no model call, so it has no stream to deliver";

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message, StreamObserver observer)
                throws Exception {
            if (observer != StreamObserver.NONE) {
                throw new NotApplicableException(NO_STREAM);
            }
            return runTurn(userId, sessionId, message);
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
            int turn = turns.merge(sessionId, 1, Integer::sum) - 1;
            if (turn >= script.turns().size()) {
                throw new IllegalStateException("Session [" + sessionId + "] is past the end of script ["
                        + script.name() + "], which has " + script.turns().size() + " turns");
            }
            ScriptTurn scripted = script.turns().get(turn);
            List<ToolCall> calls = new ArrayList<>();
            List<ToolResult> results = new ArrayList<>();
            for (int step = 0; step < scripted.steps().size(); step++) {
                Step reply = scripted.steps().get(step);
                if (reply.fault() != null && reply.fault().replacesReply()) {
                    throw new IllegalStateException("Scripted fault in turn " + (turn + 1) + ", step " + (step + 1));
                }
                for (int index = 0; index < reply.toolCalls().size(); index++) {
                    ScriptedToolCall scriptedCall = reply.toolCalls().get(index);
                    ToolCall call = new ToolCall(
                            Script.toolCallId(turn, step, index), scriptedCall.name(), scriptedCall.arguments());
                    calls.add(call);
                    results.add(invoke(call));
                }
            }
            return new TurnResult(scripted.finalText(), true, calls, results);
        }

        private ToolResult invoke(ToolCall call) {
            ToolDefinition tool = tools.get(call.name());
            if (tool == null) {
                return new ToolResult(call.id(), call.name(), "{\"error\":\"unknown tool\"}", true);
            }
            try {
                return new ToolResult(call.id(), call.name(), tool.function().call(call.arguments()), false);
            } catch (Exception e) {
                return new ToolResult(call.id(), call.name(), String.valueOf(e.getMessage()), true);
            }
        }

        @Override
        public void deleteSession(String userId, String sessionId) {
            turns.remove(sessionId);
        }

        @Override
        public void close() {
            turns.clear();
        }
    }
}
