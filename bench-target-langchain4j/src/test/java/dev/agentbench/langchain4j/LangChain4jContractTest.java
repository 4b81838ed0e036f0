package dev.agentbench.langchain4j;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;

/** LangChain4j passes the contract with its blocking model ({@code OpenAiChatModel}). */
class LangChain4jContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new LangChain4jTarget();
    }
}
