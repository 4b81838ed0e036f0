package dev.agentbench.springai;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.StreamObserverContractTest;

/**
 * What {@code ChatClient.stream()}'s {@code Flux} hands the harness's observer, straight from the real
 * mock: each chunk's text as it arrives, no tool-call pieces (the model buffers a tool-call reply
 * and the tool-calling advisor does not emit it), and nothing when the agent calls rather than
 * streams.
 */
class SpringAiStreamObserverTest extends StreamObserverContractTest {

    @Override
    protected BenchTarget target() {
        return new SpringAiTarget();
    }
}
