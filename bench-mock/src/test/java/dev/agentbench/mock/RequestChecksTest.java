package dev.agentbench.mock;

import static dev.agentbench.mock.MockHttp.json;
import static dev.agentbench.mock.MockHttp.post;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.StreamTag;
import dev.agentbench.api.script.Expectation;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A script whose turns say what their requests must carry: over real HTTP, a request with the whole
 * history and every tool is answered, and one that lacks any of it gets a 400 whose OpenAI-style
 * error names what is missing.
 */
class RequestChecksTest {

    private static final String SYSTEM = "s".repeat(1000);
    private static final String USER_1 = "Request 1: what is the weather in Oslo?";
    private static final String USER_2 = "Request 2: and in Rome?";
    private static final String ARGUMENTS = "{\"city\":\"Oslo\"}";
    private static final String RESULT = "r".repeat(600);
    private static final String REPLY_1 = "It is cloudy in Oslo.";
    private static final String REPLY_2 = "It is sunny in Rome.";

    private static MockServer mock;

    @BeforeAll
    static void start() {
        long turn1 = SYSTEM.length() + USER_1.length();
        long afterCall = turn1 + ARGUMENTS.length() + RESULT.length();
        long turn2 = afterCall + REPLY_1.length() + USER_2.length();
        Script script = new Script("checked", List.of(
                new ScriptTurn(USER_1, List.of(Step.toolCalls(new ScriptedToolCall("get_weather", ARGUMENTS)),
                        Step.text(REPLY_1)),
                        new Expectation(List.of(2, 4), List.of(turn1, afterCall), List.of("get_weather", "add"), 10)),
                new ScriptTurn(USER_2, List.of(Step.text(REPLY_2)),
                        new Expectation(List.of(6), List.of(turn2), List.of("get_weather", "add"), 10))));
        mock = MockServer.start(MockConfig.defaults().withScripts(List.of(script)));
    }

    @AfterAll
    static void stop() {
        mock.close();
    }

    /** The whole second turn's request, as a client that keeps its history sends it, changed by {@code edit}. */
    private static String secondTurn(Consumer<ObjectNode> edit) {
        ObjectNode body = MockHttp.MAPPER.createObjectNode();
        body.put("model", "any");
        ArrayNode messages = body.putArray("messages");
        messages.addObject().put("role", "system").put("content", SYSTEM);
        messages.addObject().put("role", "user").put("content", USER_1);
        ObjectNode call = messages.addObject().put("role", "assistant").putNull("content");
        call.putArray("tool_calls").addObject().put("id", "call_0_0_0").put("type", "function")
                .putObject("function").put("name", "get_weather").put("arguments", ARGUMENTS);
        messages.addObject().put("role", "tool").put("tool_call_id", "call_0_0_0").put("content", RESULT);
        messages.addObject().put("role", "assistant").put("content", REPLY_1);
        messages.addObject().put("role", "user").put("content", USER_2);
        ArrayNode tools = body.putArray("tools");
        for (String name : List.of("add", "get_weather")) {
            tools.addObject().put("type", "function").putObject("function").put("name", name)
                    .putObject("parameters").put("type", "object");
        }
        edit.accept(body);
        return body.toString();
    }

    private static HttpResponse<String> send(String body) throws Exception {
        return post(mock.baseUrl("checked") + "/chat/completions", body);
    }

    private static String error(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        JsonNode error = json(response.body()).path("error");
        assertThat(error.path("type").asText()).isEqualTo("invalid_request_error");
        assertThat(error.path("code").asText()).isEqualTo("request_incomplete");
        return error.path("message").asText();
    }

    @Test
    void aRequestWithTheWholeHistoryAndEveryToolIsAnsweredInAnyOrderAndFormat() throws Exception {
        HttpResponse<String> response = send(secondTurn(body -> { }));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(json(response.body()).path("choices").get(0).path("message").path("content").asText())
                .isEqualTo(REPLY_2);

        // tools in another order, content as an array of text parts, pretty-printed: the same content
        String reformatted = secondTurn(body -> {
            ArrayNode tools = (ArrayNode) body.get("tools");
            tools.insert(0, tools.remove(1));
            ObjectNode user = (ObjectNode) body.get("messages").get(1);
            user.putArray("content").addObject().put("type", "text").put("text", USER_1);
        });
        String pretty = MockHttp.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(json(reformatted));
        assertThat(send(pretty).statusCode()).isEqualTo(200);
    }

    @Test
    void theHarnesssStreamTagOnAUserMessageIsNotTakenForPartOfIt() throws Exception {
        String tagged = secondTurn(body -> {
            ArrayNode messages = (ArrayNode) body.get("messages");
            ((ObjectNode) messages.get(1)).put("content", StreamTag.tagged(USER_1, "session-t1-0"));
            ((ObjectNode) messages.get(5)).put("content", StreamTag.tagged(USER_2, "session-t1-0"));
        });
        HttpResponse<String> response = send(tagged);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);

        String lastOnly = secondTurn(body -> {
            ArrayNode messages = (ArrayNode) body.get("messages");
            for (int i = 4; i >= 1; i--) {
                messages.remove(i);
            }
            ((ObjectNode) messages.get(1)).put("content", StreamTag.tagged(USER_2, "session-t1-0"));
        });
        assertThat(error(send(lastOnly)))
                .isEqualTo("Script [checked], turn 2: the request carries 1 user message of 2 (1 earlier turn missing)");

        String otherText = secondTurn(body -> ((ObjectNode) body.get("messages").get(5))
                .put("content", StreamTag.tagged("Request 2: and in Paris?", "session-t1-0")));
        assertThat(error(send(otherText))).isEqualTo("Script [checked], turn 2: the request's last user message is"
                + " [Request 2: and in Paris?], the script's is [Request 2: and in Rome?]");
    }

    @Test
    void aRequestWithOnlyTheLastMessageIsToldWhichTurnsItLacks() throws Exception {
        String lastOnly = secondTurn(body -> {
            ArrayNode messages = (ArrayNode) body.get("messages");
            for (int i = 4; i >= 1; i--) {
                messages.remove(i);
            }
        });
        assertThat(error(send(lastOnly)))
                .isEqualTo("Script [checked], turn 2: the request carries 1 user message of 2 (1 earlier turn missing)");
    }

    @Test
    void aRequestThatDropsToolMessagesFromItsHistoryIsToldWhichRolesAreShort() throws Exception {
        String withoutTools = secondTurn(body -> {
            ArrayNode messages = (ArrayNode) body.get("messages");
            messages.remove(3);
            messages.remove(2);
        });
        assertThat(error(send(withoutTools))).isEqualTo("Script [checked], turn 2, step 1: the request carries 4"
                + " messages, the script has 6 here (2 missing): user 2 of 2, assistant 1 of 2, tool 0 of 1,"
                + " system and other 1 of 1");
    }

    @Test
    void aRequestThatLeavesAToolOutIsToldWhichOne() throws Exception {
        String oneTool = secondTurn(body -> ((ArrayNode) body.get("tools")).remove(0));
        assertThat(error(send(oneTool)))
                .isEqualTo("Script [checked], turn 2, step 1: the request offers 1 tool, the script 2; missing: [add]");
    }

    @Test
    void aRequestWhoseContentIsTruncatedIsToldHowMuchItCarries() throws Exception {
        String truncated = secondTurn(body -> ((ObjectNode) body.get("messages").get(3)).put("content", "r"));
        String message = error(send(truncated));
        assertThat(message).startsWith("Script [checked], turn 2, step 1: the request's messages carry 1099 bytes of"
                + " content, the script's 1698 (at least 1442 pass").endsWith("content is missing");

        String slightlyShort = secondTurn(body -> ((ObjectNode) body.get("messages").get(3))
                .put("content", RESULT.substring(0, 400)));
        assertThat(send(slightlyShort).statusCode()).as("within 10% (or 256 bytes) passes").isEqualTo(200);
    }

    @Test
    void theFirstTurnIsCheckedAtEachStep() throws Exception {
        ObjectNode body = MockHttp.MAPPER.createObjectNode();
        ArrayNode messages = body.putArray("messages");
        messages.addObject().put("role", "system").put("content", SYSTEM);
        messages.addObject().put("role", "user").put("content", USER_1);
        ArrayNode tools = body.putArray("tools");
        tools.addObject().put("type", "function").putObject("function").put("name", "get_weather");
        tools.addObject().put("type", "function").putObject("function").put("name", "add");
        HttpResponse<String> first = send(body.toString());
        assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
        assertThat(json(first.body()).path("choices").get(0).path("finish_reason").asText()).isEqualTo("tool_calls");

        ObjectNode call = messages.addObject().put("role", "assistant").putNull("content");
        call.putArray("tool_calls").addObject().put("id", "call_0_0_0").put("type", "function")
                .putObject("function").put("name", "get_weather").put("arguments", ARGUMENTS);
        HttpResponse<String> noResult = send(body.toString());
        assertThat(error(noResult)).startsWith("Script [checked], turn 1, step 2: the request carries 3 messages, the"
                + " script has 4 here (1 missing)");
    }
}
