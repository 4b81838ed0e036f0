package dev.agentbench.agentscope;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.testkit.UnfinishedStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A stream that ends cleanly ({@code [DONE]}) before a chunk with {@code finish_reason}: AgentScope
 * 2.0.0's OpenAI parser never reads {@code finish_reason}, so it takes the text so far for the whole
 * reply, and nothing it reports lets the adapter tell. (The harness still fails such a turn when its
 * text is not the scripted text.)
 */
@SuppressWarnings("try") // TargetHandle.close() throws Exception, as the SPI declares it
class UnfinishedStreamTest {

    @Test
    void aStreamWithoutItsFinalChunkPassesForAWholeReply() throws Exception {
        try (UnfinishedStream server = UnfinishedStream.start();
                TargetHandle handle = new AgentScopeTarget().open(server.context(Map.of("stream", "true")))) {
            TurnResult result = handle.runTurn("user-1", "session-1", UnfinishedStream.USER);
            assertThat(result.finalText()).isEqualTo(UnfinishedStream.TEXT);
            assertThat(result.completed()).isTrue();
        }
    }
}
