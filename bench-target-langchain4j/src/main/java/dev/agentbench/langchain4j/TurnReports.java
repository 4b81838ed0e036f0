package dev.agentbench.langchain4j;

import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.Result;
import dev.langchain4j.service.tool.ToolExecution;
import java.util.ArrayList;
import java.util.List;

/**
 * What LangChain4j says it did in a turn, as a {@link TurnResult}.
 *
 * <ul>
 *   <li>Tool calls are those of the model's intermediate replies (each an {@code AiMessage} with
 *       tool execution requests), in the order the replies came and, within one, the model's
 *       order; with the id, name and argument text the model sent.
 *   <li>Tool results are LangChain4j's tool executions: the request they answer (its id and name),
 *       the result text LangChain4j sent back, and whether LangChain4j marked it an error.
 *   <li>The final text is the final reply's text. The turn is completed when the final reply has no
 *       tool call and a finish reason: a streamed reply that ended without its final chunk has none.
 * </ul>
 */
final class TurnReports {

    private TurnReports() {}

    /** A non-streaming turn, from the {@link Result} AiServices returned. */
    static TurnResult of(Result<String> result) {
        List<ToolCall> calls = new ArrayList<>();
        result.intermediateResponses().forEach(response -> addCalls(response, calls));
        List<ToolResult> results = new ArrayList<>();
        result.toolExecutions().forEach(execution -> results.add(toolResult(execution)));
        ChatResponse last = result.finalResponse();
        return new TurnResult(last == null ? null : last.aiMessage().text(), completed(last), calls, results);
    }

    static void addCalls(ChatResponse response, List<ToolCall> calls) {
        for (ToolExecutionRequest request : response.aiMessage().toolExecutionRequests()) {
            calls.add(new ToolCall(String.valueOf(request.id()), String.valueOf(request.name()),
                    request.arguments() == null ? "" : request.arguments()));
        }
    }

    static ToolResult toolResult(ToolExecution execution) {
        ToolExecutionRequest request = execution.request();
        return new ToolResult(String.valueOf(request.id()), String.valueOf(request.name()),
                String.valueOf(execution.result()), execution.hasFailed());
    }

    static boolean completed(ChatResponse last) {
        return last != null && !last.aiMessage().hasToolExecutionRequests() && last.finishReason() != null;
    }
}
