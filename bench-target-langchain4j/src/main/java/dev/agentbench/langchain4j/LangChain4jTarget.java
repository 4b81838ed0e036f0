package dev.agentbench.langchain4j;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.FrameworkVersion;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.langchain4j.service.AiServices;

/**
 * LangChain4j as a target: an {@code AiServices} agent (an interface whose chat method takes the
 * session id as memory id and the user's message) with a {@code MessageWindowChatMemory} per
 * session from a {@code ChatMemoryProvider}, LangChain4j's OpenAI chat model pointed at the mock,
 * and the context's tools as {@code ToolSpecification}s with {@code ToolExecutor}s.
 *
 * <p>Options:
 *
 * <ul>
 *   <li>{@code stream} ({@code false} by default): {@code true} uses {@code OpenAiStreamingChatModel}
 *       and a {@code TokenStream}, whose callbacks hand the harness's stream observer each fragment
 *       and tool-call piece; {@code false} uses {@code OpenAiChatModel} and a {@code Result};
 *   <li>{@code tool_execution} ({@code sequential} by default, LangChain4j's own default): {@code
 *       concurrent} runs several tool calls of one reply at once ({@code
 *       AiServices.executeToolsConcurrently()}).
 * </ul>
 *
 * <p>What LangChain4j does differently from the floor, and how this target reports it, is written
 * down in {@code docs/targets/langchain4j.md}.
 */
public final class LangChain4jTarget implements BenchTarget {

    /** The target's name, as users type it. */
    public static final String NAME = "langchain4j";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "LangChain4j " + version()
                + ": AiServices agent, a chat memory per session, LangChain4j's OpenAI chat models";
    }

    @Override
    public TargetHandle open(TargetContext context) {
        return LangChain4jHandle.open(context, LangChain4jOptions.of(context));
    }

    /** The version of the LangChain4j jar on the class path (LangChain4j has no version constant). */
    @Override
    public String version() {
        return FrameworkVersion.of(AiServices.class);
    }
}
