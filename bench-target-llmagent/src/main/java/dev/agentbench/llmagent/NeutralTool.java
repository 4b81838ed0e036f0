package dev.agentbench.llmagent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.adk.tools.BaseTool;
import com.google.adk.tools.ToolContext;
import com.google.genai.types.FunctionDeclaration;
import dev.agentbench.api.ToolDefinition;
import io.reactivex.rxjava3.core.Single;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;

/**
 * One of the context's tools as an ADK tool. ADK's {@code FunctionTool} reflects on a Java method;
 * our tools are JSON in, JSON out, so this is a {@link BaseTool} with an explicit declaration built
 * from the tool's JSON schema ({@link JsonSchemas}).
 *
 * <p>ADK hands a tool its arguments as a map and sends back the map the tool returns. So the
 * arguments are written as JSON for the tool, and its JSON result is read into a map; a result
 * that is not a JSON object is sent as {@code {"result": <value>}}, as ADK's {@code FunctionTool}
 * does with non-map return values.
 *
 * <p>A tool that throws does not fail the turn: ADK 1.8 would end the whole run with the exception
 * (it has no error result, only an optional error callback). The tool's message is sent to the
 * model as {@code {"error": "<message>"}}, the same body the floor sends, and the call is marked in
 * {@link ToolFailures} so that it is reported as an error result.
 */
final class NeutralTool extends BaseTool {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

    private final ToolDefinition definition;
    private final FunctionDeclaration declaration;
    private final ToolFailures failures;

    NeutralTool(ToolDefinition definition, ToolFailures failures) {
        super(definition.name(), definition.description());
        this.definition = definition;
        this.failures = failures;
        this.declaration = FunctionDeclaration.builder()
                .name(definition.name())
                .description(definition.description())
                .parameters(JsonSchemas.toSchema(definition.name(), definition.parameters()))
                .build();
    }

    @Override
    public Optional<FunctionDeclaration> declaration() {
        return Optional.of(declaration);
    }

    @Override
    public Single<Map<String, Object>> runAsync(Map<String, Object> args, ToolContext toolContext) {
        return Single.fromCallable(() -> call(args, toolContext.sessionId(), toolContext.functionCallId().orElse("")));
    }

    /** Runs the tool on ADK's arguments; what it returns or why it failed, as ADK's response map. */
    Map<String, Object> call(Map<String, Object> args, String sessionId, String callId) {
        try {
            return response(definition.function().call(JSON.writeValueAsString(args)));
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            failures.record(sessionId, callId);
            return Map.of("error", String.valueOf(e.getMessage()));
        }
    }

    /** The tool's JSON result as the map ADK sends back. */
    static Map<String, Object> response(String result) {
        JsonNode node;
        try {
            node = JSON.readTree(result);
        } catch (JsonProcessingException e) {
            return Map.of("result", result);
        }
        if (node != null && node.isObject()) {
            return JSON.convertValue(node, MAP);
        }
        return Collections.singletonMap("result", node == null ? result : JSON.convertValue(node, Object.class));
    }
}
