/**
 * The {@code llmagent} target: Google's Agent Development Kit for Java driven through its own
 * {@code LlmAgent}, {@code InMemoryRunner} and OpenAI chat-completions client. {@link
 * dev.agentbench.llmagent.LlmAgentTarget} is the one public type (found through {@code
 * META-INF/services/dev.agentbench.api.BenchTarget}); everything else is package-private and may
 * change with any ADK version. What the adapter does about ADK's ways is written down in {@code
 * docs/targets/llmagent.md}.
 */
package dev.agentbench.llmagent;
