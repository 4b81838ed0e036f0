/**
 * The {@code langgraph4j} target: LangGraph4j's agent executor (a ReAct graph of an {@code agent}
 * node that calls the model and an {@code action} node that runs tools), on LangChain4j's OpenAI
 * chat models, with a {@code MemorySaver} checkpoint saver keeping each session as a thread.
 * {@link dev.agentbench.langgraph4j.LangGraph4jTarget} is the one public type (found through {@code
 * META-INF/services/dev.agentbench.api.BenchTarget}); everything else is package-private and may
 * change with any LangGraph4j version. What the adapter does about LangGraph4j's ways is written
 * down in {@code docs/targets/langgraph4j.md}.
 */
package dev.agentbench.langgraph4j;
