/** Internal: the harness's side of the mock: its process and its warm-up. Not an API; may change in any release. */
package dev.agentbench.core.mock;
