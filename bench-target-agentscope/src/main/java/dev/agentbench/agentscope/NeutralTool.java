package dev.agentbench.agentscope;

import dev.agentbench.api.ToolDefinition;
import io.agentscope.core.message.ToolResultBlock;
import io.agentscope.core.message.ToolUseBlock;
import io.agentscope.core.tool.AgentTool;
import io.agentscope.core.tool.ToolCallParam;
import io.agentscope.core.util.JsonUtils;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * A framework-neutral {@link ToolDefinition} as an AgentScope {@link AgentTool}: the model is shown
 * the tool's name, description and JSON schema as they are, and a call runs the tool's function with
 * the argument text the model sent.
 *
 * <p>The tool's JSON result goes back to the model as one text block. A tool that throws fails the
 * call's {@code Mono}; AgentScope's executor then sends {@code "Error: Tool execution failed: "} and the
 * exception's message to the model as the call's result, and the turn goes on (how that result is
 * recognised as an error: {@link TurnReports}).
 *
 * <p>A plain {@code AgentTool}, not a {@code ToolBase}: AgentScope approves it without its permission
 * engine and, when tools run in parallel, counts it as safe to run beside others.
 */
final class NeutralTool implements AgentTool {

    private final ToolDefinition definition;
    private final Map<String, Object> parameters;

    private NeutralTool(ToolDefinition definition, Map<String, Object> parameters) {
        this.definition = definition;
        this.parameters = parameters;
    }

    /** @throws IllegalArgumentException when the tool's schema is not a JSON object */
    static NeutralTool of(ToolDefinition definition) {
        Map<String, Object> parameters;
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> parsed = JsonUtils.getJsonCodec().fromJson(definition.parameters(), Map.class);
            parameters = parsed;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Tool [" + definition.name() + "] has a parameter schema that is not"
                    + " a JSON object: " + e.getMessage(), e);
        }
        if (parameters == null) {
            throw new IllegalArgumentException("Tool [" + definition.name() + "] has no parameter schema");
        }
        return new NeutralTool(definition, parameters);
    }

    @Override
    public String getName() {
        return definition.name();
    }

    @Override
    public String getDescription() {
        return definition.description();
    }

    @Override
    public Map<String, Object> getParameters() {
        return parameters;
    }

    @Override
    public Mono<ToolResultBlock> callAsync(ToolCallParam param) {
        String arguments = arguments(param.getToolUseBlock());
        return Mono.fromCallable(() -> ToolResultBlock.text(definition.function().call(arguments)));
    }

    /** The argument text as the model sent it (AgentScope keeps it beside the parsed arguments). */
    static String arguments(ToolUseBlock call) {
        return JsonUtils.resolveToolCallArgsJson(call);
    }
}
