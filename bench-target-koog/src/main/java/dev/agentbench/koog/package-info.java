/**
 * The {@code koog} target: JetBrains Koog driven through its Java API ({@code AIAgent.builder()}),
 * its OpenAI client and its {@code ChatMemory} feature. {@link dev.agentbench.koog.KoogTarget} is the
 * one public type (found through {@code META-INF/services/dev.agentbench.api.BenchTarget}); everything
 * else is package-private and may change with any Koog version. What the adapter does about Koog's
 * ways is written down in {@code docs/targets/koog.md}.
 */
package dev.agentbench.koog;
