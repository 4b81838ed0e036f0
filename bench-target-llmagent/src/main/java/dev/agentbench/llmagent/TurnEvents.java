package dev.agentbench.llmagent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.adk.events.Event;
import com.google.genai.types.Content;
import com.google.genai.types.FunctionCall;
import com.google.genai.types.FunctionResponse;
import com.google.genai.types.Part;
import dev.agentbench.api.StreamObserver;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the events ADK's runner emits for one user turn into a {@link TurnResult}.
 *
 * <ul>
 *   <li>Partial events (in SSE mode, one per streamed chunk with text) are where an application
 *       reading the runner's events gets the reply as it streams: their text goes to the turn's
 *       {@link StreamObserver} as each event arrives. They are not otherwise reported: they are
 *       fragments of the non-partial event that follows them.
 *   <li>Every function call is reported with the id the model gave it, and every function response
 *       with the id of the call it answers. Arguments and results are ADK's maps written as JSON.
 *   <li>The final text is the text of the non-partial model events after the last function call or
 *       response. In streaming mode ADK emits it as an aggregated-text event followed by an event
 *       with the finish reason and no text; both count.
 *   <li>The turn is {@code completed} only if the last non-partial event is a final response in
 *       ADK's sense (no function call or response, not partial).
 *   <li>An event with an error code fails the turn.
 * </ul>
 */
final class TurnEvents {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String agentName;
    private final String sessionId;
    private final ToolFailures failures;
    private final StreamObserver observer;
    private final List<ToolCall> calls = new ArrayList<>();
    private final List<ToolResult> results = new ArrayList<>();
    private final StringBuilder text = new StringBuilder();
    private boolean hasText;
    private Event last;

    TurnEvents(String agentName, String sessionId, ToolFailures failures, StreamObserver observer) {
        this.agentName = agentName;
        this.sessionId = sessionId;
        this.failures = failures;
        this.observer = observer;
    }

    /** Takes the next event of the turn. */
    void accept(Event event) {
        if (event.errorCode().isPresent()) {
            throw new IllegalStateException("ADK reported an error: " + event.errorCode().get()
                    + event.errorMessage().map(message -> " " + message).orElse(""));
        }
        if (!agentName.equals(event.author())) {
            return;
        }
        if (event.partial().orElse(false)) {
            for (Part part : event.content().flatMap(Content::parts).orElse(List.of())) {
                if (part.text().isPresent() && !part.text().get().isEmpty() && !part.thought().orElse(false)) {
                    observer.text(part.text().get());
                }
            }
            return;
        }
        last = event;
        List<FunctionCall> functionCalls = event.functionCalls();
        List<FunctionResponse> functionResponses = event.functionResponses();
        if (!functionCalls.isEmpty() || !functionResponses.isEmpty()) {
            for (FunctionCall call : functionCalls) {
                calls.add(new ToolCall(call.id().orElse(""), call.name().orElse(""), json(call.args().orElse(Map.of()))));
            }
            for (FunctionResponse response : functionResponses) {
                String callId = response.id().orElse("");
                results.add(new ToolResult(callId, response.name().orElse(""),
                        json(response.response().orElse(Map.of())), failures.take(sessionId, callId)));
            }
            text.setLength(0);
            hasText = false;
            return;
        }
        for (Part part : event.content().flatMap(Content::parts).orElse(List.of())) {
            if (part.text().isPresent() && !part.thought().orElse(false)) {
                text.append(part.text().get());
                hasText = true;
            }
        }
    }

    /** What the turn did, once the runner has emitted its last event. */
    TurnResult result() {
        boolean completed = last != null && last.finalResponse();
        return new TurnResult(hasText ? text.toString() : null, completed, calls, results);
    }

    private static String json(Map<String, Object> map) {
        try {
            return JSON.writeValueAsString(map);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("ADK gave a map that is not JSON: " + map, e);
        }
    }
}
