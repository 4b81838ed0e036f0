/**
 * The benchmark's tools in LangChain4j's form, for the targets built on LangChain4j ({@code
 * langchain4j}, {@code langgraph4j}): tool specifications with their JSON schemas translated
 * ({@link dev.agentbench.langchain4jtools.JsonSchemas}), and executors that call the neutral tools
 * ({@link dev.agentbench.langchain4jtools.NeutralTools}).
 */
package dev.agentbench.langchain4jtools;
