/**
 * The {@code springai} target: Spring AI driven through its own {@code ChatClient}, {@code
 * OpenAiChatModel}, {@code ToolCallingAdvisor} and {@code MessageChatMemoryAdvisor}, without Spring
 * Boot. {@link dev.agentbench.springai.SpringAiTarget} is the one public type (found through {@code
 * META-INF/services/dev.agentbench.api.BenchTarget}); everything else is package-private and may
 * change with any Spring AI version. What the adapter does about Spring AI's ways is written down in
 * {@code docs/targets/springai.md}.
 */
package dev.agentbench.springai;
