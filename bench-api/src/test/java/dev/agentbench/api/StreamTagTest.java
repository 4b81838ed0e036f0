package dev.agentbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StreamTagTest {

    @Test
    void aTaggedMessageGivesBackItsKeyAndItsTextAsItWas() {
        String tagged = StreamTag.tagged("Hi there", "session-t3-1");
        assertThat(tagged).isEqualTo("Hi there [agentbench-stream session-t3-1]");
        byte[] body = ("{\"content\":\"" + tagged + "\"}").getBytes(StandardCharsets.UTF_8);
        assertThat(StreamTag.find(body, 0, body.length)).isEqualTo("session-t3-1");
        assertThat(StreamTag.untagged(tagged)).isEqualTo("Hi there");
    }

    @Test
    void onlyAWholeTagAtTheEndIsTakenOff() {
        assertThat(StreamTag.untagged("Hi there")).isEqualTo("Hi there");
        assertThat(StreamTag.untagged(null)).isNull();
        assertThat(StreamTag.untagged("Hi [agentbench-stream a] there")).isEqualTo("Hi [agentbench-stream a] there");
        assertThat(StreamTag.untagged("Hi [agentbench-stream not a key]")).isEqualTo("Hi [agentbench-stream not a key]");
        assertThat(StreamTag.untagged("Hi[agentbench-stream a]")).as("the tag follows a space")
                .isEqualTo("Hi[agentbench-stream a]");
    }

    @Test
    void aKeyTheMockCouldNotFindIsRefused() {
        assertThatThrownBy(() -> StreamTag.of("has space")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Stream tag key [has space] must match [A-Za-z0-9_.-]{1,80}");
        byte[] none = "{\"content\":\"Hi\"}".getBytes(StandardCharsets.UTF_8);
        assertThat(StreamTag.find(none, 0, none.length)).isNull();
    }
}
