package dev.agentbench.builtin.target;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The {@code raw} target's agent: sessions of messages, the model loop, tool execution. */
final class RawAgent implements TargetHandle {

    /** Model requests one turn may make before the agent gives up on the model ever answering. */
    static final int MAX_STEPS_PER_TURN = 64;

    private final ObjectMapper mapper = new ObjectMapper();
    private final ChatCompletionsClient client;
    private final TargetContext context;
    private final Map<String, ToolDefinition> tools;
    private final ArrayNode toolsJson;
    private final ExecutorService toolExecutor;
    private final Map<String, List<ObjectNode>> sessions = new ConcurrentHashMap<>();

    RawAgent(TargetContext context, boolean stream) {
        this.context = context;
        this.tools = context.tools().stream().collect(Collectors.toMap(ToolDefinition::name, Function.identity()));
        this.toolsJson = toolsJson(context.tools());
        this.toolExecutor = Executors.newCachedThreadPool(daemonThreads("raw-tool"));
        this.client = new ChatCompletionsClient(context.baseUrl(), context.apiKey(), stream, mapper);
    }

    private ArrayNode toolsJson(List<ToolDefinition> definitions) {
        ArrayNode array = mapper.createArrayNode();
        for (ToolDefinition tool : definitions) {
            ObjectNode function = mapper.createObjectNode()
                    .put("name", tool.name())
                    .put("description", tool.description());
            try {
                function.set("parameters", mapper.readTree(tool.parameters()));
            } catch (IOException e) {
                throw new IllegalArgumentException(
                        "Tool [" + tool.name() + "] has parameters that are not JSON: " + tool.parameters(), e);
            }
            array.addObject().put("type", "function").set("function", function);
        }
        return array;
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
        List<ObjectNode> messages = sessions.computeIfAbsent(sessionId, id -> {
            List<ObjectNode> fresh = new ArrayList<>();
            fresh.add(mapper.createObjectNode().put("role", "system").put("content", context.instructions()));
            return fresh;
        });
        messages.add(mapper.createObjectNode().put("role", "user").put("content", message));
        List<ToolCall> calls = new ArrayList<>();
        List<ToolResult> results = new ArrayList<>();
        for (int step = 0; step < MAX_STEPS_PER_TURN; step++) {
            ObjectNode request = mapper.createObjectNode()
                    .put("model", context.model());
            request.putArray("messages").addAll(messages);
            if (!toolsJson.isEmpty()) {
                request.set("tools", toolsJson);
            }
            ChatCompletionsClient.Reply reply = client.complete(request);
            messages.add(reply.assistantMessage(mapper));
            if (reply.toolCalls().isEmpty()) {
                return new TurnResult(reply.content(), "stop".equals(reply.finishReason()), calls, results);
            }
            calls.addAll(reply.toolCalls());
            for (ToolResult result : execute(reply.toolCalls())) {
                results.add(result);
                messages.add(mapper.createObjectNode()
                        .put("role", "tool")
                        .put("tool_call_id", result.callId())
                        .put("content", result.content()));
            }
        }
        throw new IllegalStateException("The model asked for tools " + MAX_STEPS_PER_TURN
                + " times in one turn without answering");
    }

    /** Runs the calls, several at once when the model asked for several in one reply. */
    private List<ToolResult> execute(List<ToolCall> calls) throws Exception {
        if (calls.size() == 1) {
            return List.of(invoke(calls.get(0)));
        }
        List<Future<ToolResult>> futures = new ArrayList<>(calls.size());
        for (ToolCall call : calls) {
            futures.add(toolExecutor.submit(() -> invoke(call)));
        }
        List<ToolResult> results = new ArrayList<>(calls.size());
        for (Future<ToolResult> future : futures) {
            results.add(future.get());
        }
        return results;
    }

    private ToolResult invoke(ToolCall call) {
        ToolDefinition tool = tools.get(call.name());
        if (tool == null) {
            return new ToolResult(call.id(), call.name(), errorJson("Unknown tool [" + call.name() + "]"), true);
        }
        try {
            return new ToolResult(call.id(), call.name(), tool.function().call(call.arguments()), false);
        } catch (Exception e) {
            return new ToolResult(call.id(), call.name(), errorJson(String.valueOf(e.getMessage())), true);
        }
    }

    private String errorJson(String message) {
        return mapper.createObjectNode().put("error", message).toString();
    }

    @Override
    public void deleteSession(String userId, String sessionId) {
        sessions.remove(sessionId);
    }

    @Override
    public void close() {
        sessions.clear();
        toolExecutor.shutdownNow();
        client.close();
    }

    static java.util.concurrent.ThreadFactory daemonThreads(String prefix) {
        java.util.concurrent.atomic.AtomicInteger counter = new java.util.concurrent.atomic.AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
