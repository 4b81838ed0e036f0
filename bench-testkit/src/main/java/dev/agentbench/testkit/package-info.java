/**
 * The target contract kit: {@link dev.agentbench.testkit.TargetContractTest}, the abstract JUnit 5
 * test that every agentbench target's tests extend (depend on {@code dev.agentbench:bench-testkit}
 * in test scope), {@link dev.agentbench.testkit.WireRecorder} with its
 * {@link dev.agentbench.testkit.RecordingProxy}, for a target's own tests of what its framework puts
 * on the wire, {@link dev.agentbench.testkit.AgentTrafficContractTest}, the checks of heavy traffic
 * (many tools, long histories, streamed pieces) on the workloads of {@link
 * dev.agentbench.testkit.AgentTraffic}, {@link dev.agentbench.testkit.StreamObserverContractTest},
 * the checks of what a streaming target hands its observer (through {@link
 * dev.agentbench.testkit.ObservedTurn} and {@link dev.agentbench.testkit.PieceRecorder}), {@link
 * dev.agentbench.testkit.TestWorkloads}, heavy workloads with their checks on the wire, and {@link
 * dev.agentbench.testkit.MockProcess}, the real mock in a JVM of its own, on which they run.
 */
package dev.agentbench.testkit;
