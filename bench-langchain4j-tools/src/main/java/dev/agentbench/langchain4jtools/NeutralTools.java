package dev.agentbench.langchain4jtools;

import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.ToolFunction;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.service.tool.ToolExecutor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The context's tools in LangChain4j's programmatic form: a {@link ToolSpecification} (name,
 * description, the JSON schema as LangChain4j elements) and a {@link ToolExecutor} per tool, as
 * LangChain4j's {@code AiServices.tools(Map)} and LangGraph4j's agent executor take them.
 * LangChain4j's {@code @Tool} methods are reflected from Java signatures; our tools are JSON in, JSON
 * out, so they are given explicitly. Shared by the targets built on LangChain4j; each plugin folder
 * carries its own copy of this jar.
 */
public final class NeutralTools {

    private NeutralTools() {}

    /** Every tool's specification and executor, in the context's order. */
    public static Map<ToolSpecification, ToolExecutor> of(List<ToolDefinition> tools) {
        Map<ToolSpecification, ToolExecutor> adapted = new LinkedHashMap<>();
        for (ToolDefinition tool : tools) {
            adapted.put(specification(tool), executor(tool.function()));
        }
        return adapted;
    }

    public static ToolSpecification specification(ToolDefinition tool) {
        return ToolSpecification.builder()
                .name(tool.name())
                .description(tool.description())
                .parameters(JsonSchemas.toObjectSchema(tool.name(), tool.parameters()))
                .build();
    }

    /**
     * Runs the tool on the model's argument text, as it came, and returns its JSON text. A tool that
     * throws is left to the framework: LangChain4j's {@code AiServices} turns the exception into an
     * error result for the model (its default {@code ToolExecutionErrorHandler}) and goes on with the
     * turn; LangGraph4j's agent executor has no tool error handler and fails the turn. A checked
     * exception is wrapped, since {@link ToolExecutor} declares none.
     */
    public static ToolExecutor executor(ToolFunction function) {
        return (ToolExecutionRequest request, Object memoryId) -> {
            try {
                return function.call(request.arguments());
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                throw new ToolFailedException(e);
            }
        };
    }

    /** A tool's checked exception, carried through {@link ToolExecutor}, which declares none. */
    public static final class ToolFailedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ToolFailedException(Exception cause) {
            super(cause.getMessage(), cause);
        }
    }
}
