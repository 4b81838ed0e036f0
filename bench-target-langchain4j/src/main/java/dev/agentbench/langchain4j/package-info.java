/**
 * The {@code langchain4j} target: LangChain4j driven through its own {@code AiServices}, chat
 * memories and OpenAI chat models. {@link dev.agentbench.langchain4j.LangChain4jTarget} is the one
 * public type (found through {@code META-INF/services/dev.agentbench.api.BenchTarget}); everything
 * else is package-private and may change with any LangChain4j version. What the adapter does about
 * LangChain4j's ways is written down in {@code docs/targets/langchain4j.md}.
 */
package dev.agentbench.langchain4j;
