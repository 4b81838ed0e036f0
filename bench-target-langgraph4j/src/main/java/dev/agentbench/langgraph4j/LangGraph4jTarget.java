package dev.agentbench.langgraph4j;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.FrameworkVersion;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.langchain4j.service.AiServices;
import org.bsc.langgraph4j.StateGraph;

/**
 * LangGraph4j as a target: the agent executor of {@code langgraph4j-agent-executor} (an {@code
 * agent} node calling LangChain4j's OpenAI chat model, pointed at the mock, and an {@code action}
 * node running the tools), compiled with a {@code MemorySaver} checkpoint saver, a session being one
 * thread of it.
 *
 * <p>Options:
 *
 * <ul>
 *   <li>{@code stream} ({@code false} by default): {@code true} builds the executor on {@code
 *       OpenAiStreamingChatModel} and reads the graph's streamed output, handing the harness's stream
 *       observer each fragment;
 *   <li>{@code recursion_limit} ({@code 100} by default; LangGraph4j's own default is 25): the most
 *       node executions one turn may take;
 *   <li>{@code tool_execution}: only {@code sequential}, what LangGraph4j does; {@code concurrent} (the
 *       {@code langchain4j} target's) is refused, since LangGraph4j cannot run tools at once.
 * </ul>
 *
 * <p>What LangGraph4j does differently from the floor, and how this target reports it, is written
 * down in {@code docs/targets/langgraph4j.md}.
 */
public final class LangGraph4jTarget implements BenchTarget {

    /** The target's name, as users type it. */
    public static final String NAME = "langgraph4j";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "LangGraph4j " + version() + ": agent executor graph, MemorySaver thread per session, LangChain4j "
                + FrameworkVersion.of(AiServices.class) + " OpenAI chat models";
    }

    @Override
    public TargetHandle open(TargetContext context) {
        return LangGraph4jHandle.open(context, LangGraph4jOptions.of(context));
    }

    /** The version of the langgraph4j-core jar on the class path (LangGraph4j has no version constant). */
    @Override
    public String version() {
        return FrameworkVersion.of(StateGraph.class);
    }
}
