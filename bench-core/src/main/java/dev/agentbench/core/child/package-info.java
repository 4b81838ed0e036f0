/**
 * Internal: the child JVM's lifecycle: its main class, one fork's measurement, its result file and
 * the bounded closing of its agents. Not an API; may change in any release.
 */
package dev.agentbench.core.child;
