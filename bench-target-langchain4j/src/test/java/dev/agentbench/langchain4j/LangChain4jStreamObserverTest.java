package dev.agentbench.langchain4j;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.StreamObserverContractTest;

/**
 * What the {@code TokenStream}'s callbacks hand the harness's observer, straight from the real mock:
 * each fragment as it arrives, the pieces of a tool call's arguments, and nothing when the agent
 * does not stream.
 */
class LangChain4jStreamObserverTest extends StreamObserverContractTest {

    @Override
    protected BenchTarget target() {
        return new LangChain4jTarget();
    }

    /** The {@code TokenStream} hands on the partial tool calls, with their ids. */
    @Override
    protected boolean passesToolCallPieces() {
        return true;
    }
}
