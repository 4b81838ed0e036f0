package dev.agentbench.langgraph4j;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;

/** LangGraph4j's agent executor passes the contract on LangChain4j's blocking model ({@code OpenAiChatModel}). */
class LangGraph4jContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new LangGraph4jTarget();
    }
}
