/**
 * The target contract kit: {@link dev.agentbench.testkit.TargetContractTest}, the abstract JUnit 5
 * test that every agentbench target's tests extend (depend on {@code dev.agentbench:bench-testkit}
 * in test scope), and {@link dev.agentbench.testkit.WireRecorder} with its
 * {@link dev.agentbench.testkit.RecordingProxy}, for a target's own tests of what its framework puts
 * on the wire. Everything else in this package is package-private.
 */
package dev.agentbench.testkit;
