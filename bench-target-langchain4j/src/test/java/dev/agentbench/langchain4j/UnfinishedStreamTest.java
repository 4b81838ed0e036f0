package dev.agentbench.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.testkit.UnfinishedStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A stream that ends cleanly before its final chunk (no {@code finish_reason}, then {@code [DONE]}):
 * LangChain4j completes the turn with the text it got, and the target reports it as not completed,
 * which fails the harness's checks. The mock cannot send this, so {@link UnfinishedStream} does.
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class UnfinishedStreamTest {

    @Test
    void aStreamWithoutItsFinalChunkIsReportedAsNotCompleted() throws Exception {
        try (UnfinishedStream server = UnfinishedStream.start();
                TargetHandle handle = new LangChain4jTarget().open(server.context(Map.of("stream", "true")))) {
            TurnResult result = handle.runTurn("user-1", "session-1", UnfinishedStream.USER);
            assertThat(result.finalText()).isEqualTo(UnfinishedStream.TEXT);
            assertThat(result.completed()).isFalse();
        }
    }
}
