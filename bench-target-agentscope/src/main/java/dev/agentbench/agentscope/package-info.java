/**
 * The {@code agentscope} target: AgentScope Java driven through its own {@code ReActAgent},
 * {@code Toolkit} and OpenAI-compatible chat model. {@link dev.agentbench.agentscope.AgentScopeTarget}
 * is the one public type (found through {@code META-INF/services/dev.agentbench.api.BenchTarget});
 * everything else is package-private and may change with any AgentScope version. What the adapter
 * does about AgentScope's ways is written down in {@code docs/targets/agentscope.md}.
 */
package dev.agentbench.agentscope;
