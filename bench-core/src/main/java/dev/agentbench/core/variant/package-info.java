/**
 * Internal: what a run's columns beyond its targets as built come from: the JVMs of {@code --jvm}
 * ({@link dev.agentbench.core.variant.JvmFinder}) and the plugin folders of a target at another
 * version of its framework ({@link dev.agentbench.core.variant.VariantFolders}, resolved with Apache
 * Maven Resolver in the parent only). Nothing here runs in a cell's JVM.
 */
package dev.agentbench.core.variant;
