/** Results: reading, writing and merging run directories and their JSON files. */
package dev.agentbench.core.results;
