package dev.agentbench.mock.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ChatRequestTest {

    private static ChatRequest parse(String json) throws Exception {
        return ChatRequest.parse(json.getBytes(StandardCharsets.UTF_8), true);
    }

    @Test
    void positionIsUserMessagesAndAssistantsAfterTheLastUser() throws Exception {
        ChatRequest request = parse("""
                {"messages":[
                  {"role":"system","content":"be brief"},
                  {"role":"user","content":"one"},
                  {"role":"assistant","content":"reply"},
                  {"role":"user","content":"two"},
                  {"role":"assistant","content":"","tool_calls":[{"id":"call_1_0_0","type":"function",
                     "function":{"name":"t","arguments":"{}"}}]},
                  {"role":"tool","tool_call_id":"call_1_0_0","content":"{\\"ok\\":true}"},
                  {"content":null,"role":"assistant"},
                  {"role":"tool","tool_call_id":"x","content":"r"}
                ]}""");
        assertThat(request.turn()).isEqualTo(1);
        assertThat(request.step()).isEqualTo(2);
        assertThat(request.toolsAfterLastUser()).isEqualTo(2);
        assertThat(request.lastUserText()).isEqualTo("two");
    }

    @Test
    void streamAbsentMeansFalseAndPrettyPrintedBodiesParse() throws Exception {
        ChatRequest request = parse("""
                {
                  "model" : "m",
                  "messages" : [ { "role" : "user", "content" : "hi" } ],
                  "tools" : [ { "type" : "function", "function" : { "name" : "add", "strict" : true,
                     "parameters" : { "$schema" : "x", "additionalProperties" : false } } } ]
                }
                """);
        assertThat(request.stream()).isFalse();
        assertThat(request.includeUsage()).isFalse();
        assertThat(request.firstToolName()).isEqualTo("add");
        assertThat(request.turn()).isZero();
        assertThat(request.step()).isZero();
    }

    @Test
    void readsStreamAndIncludeUsage() throws Exception {
        ChatRequest request = parse("{\"stream\":true,\"stream_options\":{\"include_usage\":true},"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertThat(request.stream()).isTrue();
        assertThat(request.includeUsage()).isTrue();
        assertThat(parse("{\"stream\":null,\"messages\":[{\"role\":\"user\"}]}").stream()).isFalse();
    }

    @Test
    void readsTextPartsOfContentArrays() throws Exception {
        ChatRequest request = parse("{\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"!batch\"},"
                + "\"odd\",{\"type\":\"text\",\"text\":\"2 add\"}]}]}");
        assertThat(request.lastUserText()).isEqualTo("!batch2 add");
    }

    @Test
    void rejectsWhatCannotBePlaced() {
        assertThatThrownBy(() -> parse("{\"messages\":[{\"role\":\"system\",\"content\":\"x\"}]}"))
                .hasMessageContaining("no message with role [user]");
        assertThatThrownBy(() -> parse("{\"model\":\"m\"}")).hasMessageContaining("no [messages]");
        assertThatThrownBy(() -> parse("{\"messages\":{}}")).hasMessageContaining("[messages] must be an array");
        assertThatThrownBy(() -> parse("[1,2]")).hasMessageContaining("JSON object");
        assertThatThrownBy(() -> parse("{\"messages\":[")).hasMessageStartingWith("Malformed JSON");
        assertThatThrownBy(() -> parse("")).isInstanceOf(ChatRequest.BadRequestException.class);
    }
}
