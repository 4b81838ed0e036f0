package dev.agentbench.langgraph4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.testkit.UnfinishedStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A stream that ends cleanly before its final chunk (no {@code finish_reason}, then {@code [DONE]}):
 * LangChain4j completes the call with the text it got and no finish reason, which the agent
 * executor takes as a final answer (its {@code CallModel} treats a missing finish reason as {@code
 * STOP}); the target reads the finish reason from the graph's streamed end and reports the turn as
 * not completed, which fails the harness's checks. The mock cannot send this (its cut-off fault
 * closes the connection, which LangChain4j reports as an error), so a one-answer server sends it.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class UnfinishedStreamTest {

    @Test
    void aStreamWithoutItsFinalChunkIsReportedAsNotCompleted() throws Exception {
        try (UnfinishedStream server = UnfinishedStream.start();
                TargetHandle handle = new LangGraph4jTarget().open(server.context(Map.of("stream", "true")))) {
            TurnResult result = handle.runTurn("user-1", "session-1", UnfinishedStream.USER);
            assertThat(result.finalText()).isEqualTo(UnfinishedStream.TEXT);
            assertThat(result.completed()).isFalse();
        }
    }
}
