/** Internal: planning: a plan's shards, and its order of child JVMs (steps). Not an API; may change in any release. */
package dev.agentbench.core.plan;
