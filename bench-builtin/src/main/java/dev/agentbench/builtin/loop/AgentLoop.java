package dev.agentbench.builtin.loop;

import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The least agent loop that works, over any {@link ModelClient}: each session's messages, the
 * model asked with all of them, the tool calls it gets back run and their results appended, and
 * again, until the model answers with text. A streamed reply's pieces go to the turn's observer as
 * the client parses each event, on the calling thread.
 */
public final class AgentLoop implements TargetHandle {

    /** Model requests one turn may make before the loop gives up on the model ever answering. */
    public static final int MAX_STEPS_PER_TURN = 64;

    private final String instructions;
    private final ModelClient model;
    private final ToolRunner tools;
    private final Map<String, List<Message>> sessions = new ConcurrentHashMap<>();

    /** Takes ownership of {@code model}: closing the loop closes it. */
    public AgentLoop(TargetContext context, ModelClient model, String toolThreadPrefix) {
        this.instructions = context.instructions();
        this.model = model;
        this.tools = new ToolRunner(context.tools(), toolThreadPrefix);
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
        return runTurn(userId, sessionId, message, StreamObserver.NONE);
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message, StreamObserver observer)
            throws Exception {
        List<Message> messages = sessions.computeIfAbsent(sessionId, id -> {
            List<Message> fresh = new ArrayList<>();
            fresh.add(Message.system(instructions));
            return fresh;
        });
        messages.add(Message.user(message));
        List<ToolCall> calls = new ArrayList<>();
        List<ToolResult> results = new ArrayList<>();
        for (int step = 0; step < MAX_STEPS_PER_TURN; step++) {
            Reply reply = model.complete(messages, observer);
            messages.add(Message.assistant(reply));
            if (reply.toolCalls().isEmpty()) {
                return new TurnResult(reply.content(), "stop".equals(reply.finishReason()), calls, results);
            }
            calls.addAll(reply.toolCalls());
            for (ToolResult result : tools.run(reply.toolCalls())) {
                results.add(result);
                messages.add(Message.tool(result));
            }
        }
        throw new IllegalStateException("The model asked for tools " + MAX_STEPS_PER_TURN
                + " times in one turn without answering");
    }

    @Override
    public void deleteSession(String userId, String sessionId) {
        sessions.remove(sessionId);
    }

    @Override
    public void close() {
        sessions.clear();
        tools.close();
        model.close();
    }
}
