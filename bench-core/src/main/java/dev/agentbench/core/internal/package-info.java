/**
 * Internal: files, processes, the mock process, run ids and the machine description. Not an API;
 * may change in any release.
 */
package dev.agentbench.core.internal;
