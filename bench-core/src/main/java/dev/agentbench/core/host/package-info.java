/**
 * Internal: hosting child JVMs: a cell's launch, timeout and merge of forks, the process guard,
 * output pumps and bounded logs. Not an API; may change in any release.
 */
package dev.agentbench.core.host;
