package dev.agentbench.langchain4j;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.testkit.TargetContractTest;
import java.util.Map;

/** LangChain4j passes the contract with its streaming model ({@code OpenAiStreamingChatModel}). */
class LangChain4jStreamingContractTest extends TargetContractTest {

    @Override
    protected BenchTarget target() {
        return new LangChain4jTarget();
    }

    @Override
    protected Map<String, String> targetOptions() {
        return Map.of("stream", "true");
    }
}
