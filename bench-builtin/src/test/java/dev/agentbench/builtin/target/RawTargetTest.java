package dev.agentbench.builtin.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.ToolCall;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.ToolResult;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RawTargetTest {

    private static final String SCHEMA = "{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"integer\"}}}";

    private CannedModel model;

    @BeforeEach
    void start() throws IOException {
        model = new CannedModel();
    }

    @AfterEach
    void stop() {
        model.close();
    }

    private TargetHandle open(boolean stream, List<ToolDefinition> tools) {
        TargetContext context = new TargetContext(model.baseUrl(), "key", "mock-model", "Be brief.", tools,
                Script.singleText("unused", "hi", "hello"), Map.of("stream", String.valueOf(stream)));
        return new RawTarget().open(context);
    }

    @Test
    void aTextReplyEndsTheTurn() throws Exception {
        model.json(CannedModel.textReply("Hello there"));
        try (TargetHandle handle = open(false, List.of())) {
            TurnResult result = handle.runTurn("u", "s", "hi");
            assertThat(result).isEqualTo(TurnResult.text("Hello there"));
        }
        assertThat(model.requests.get(0))
                .contains("\"role\":\"system\",\"content\":\"Be brief.\"")
                .contains("\"role\":\"user\",\"content\":\"hi\"")
                .contains("\"stream\":false")
                .doesNotContain("\"tools\"");
    }

    @Test
    void toolCallsAreRunAndTheirResultsSentBack() throws Exception {
        ToolDefinition twice = new ToolDefinition("twice", "Doubles x", SCHEMA,
                args -> "{\"value\":" + 2 * Integer.parseInt(args.replaceAll("\\D", "")) + "}");
        model.json(CannedModel.toolReply("c1", "twice", "{\"x\":21}")).json(CannedModel.textReply("It is 42"));
        try (TargetHandle handle = open(false, List.of(twice))) {
            TurnResult result = handle.runTurn("u", "s", "double 21");
            assertThat(result.finalText()).isEqualTo("It is 42");
            assertThat(result.toolCalls()).containsExactly(new ToolCall("c1", "twice", "{\"x\":21}"));
            assertThat(result.toolResults()).containsExactly(new ToolResult("c1", "twice", "{\"value\":42}", false));
        }
        assertThat(model.requests.get(0)).contains("\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"twice\"");
        assertThat(model.requests.get(1))
                .contains("\"tool_calls\":[{\"id\":\"c1\"")
                .contains("{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"{\\\"value\\\":42}\"}");
    }

    @Test
    void streamedParallelCallsAreJoinedByIndexAndRunConcurrently() throws Exception {
        CountDownLatch allStarted = new CountDownLatch(3);
        ToolDefinition rendezvous = new ToolDefinition("meet", "Waits for the other calls", SCHEMA, args -> {
            allStarted.countDown();
            // Only returns true if all three calls are running at the same time.
            return "{\"together\":" + allStarted.await(10, TimeUnit.SECONDS) + "}";
        });
        model.events(
                "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"tool_calls\":[{\"index\":0,\"id\":\"a\",\"type\":\"function\",\"function\":{\"name\":\"meet\",\"arguments\":\"\"}}]}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"b\",\"type\":\"function\",\"function\":{\"name\":\"meet\",\"arguments\":\"\"}}]}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"x\\\":\"}}]}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":2,\"id\":\"c\",\"type\":\"function\",\"function\":{\"name\":\"meet\",\"arguments\":\"{\\\"x\\\":3}\"}}]}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"function\":{\"arguments\":\"{\\\"x\\\":2}\"}}]}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"1}\"}}]}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}",
                "[DONE]");
        model.events(
                "{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"All \"}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"met\"}}]}",
                "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}",
                "[DONE]");
        try (TargetHandle handle = open(true, List.of(rendezvous))) {
            TurnResult result = handle.runTurn("u", "s", "meet");
            assertThat(result.finalText()).isEqualTo("All met");
            assertThat(result.completed()).isTrue();
            assertThat(result.toolCalls()).containsExactly(
                    new ToolCall("a", "meet", "{\"x\":1}"),
                    new ToolCall("b", "meet", "{\"x\":2}"),
                    new ToolCall("c", "meet", "{\"x\":3}"));
            assertThat(result.toolResults()).extracting(ToolResult::content).containsOnly("{\"together\":true}");
        }
        assertThat(model.requests.get(0)).contains("\"stream\":true");
    }

    @Test
    void anErrorStatusFailsTheTurnWithTheStatus() throws Exception {
        model.status(503, "{\"error\":{\"message\":\"overloaded\"}}");
        try (TargetHandle handle = open(false, List.of())) {
            assertThatThrownBy(() -> handle.runTurn("u", "s", "hi"))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("HTTP 503")
                    .hasMessageContaining("overloaded");
        }
    }

    @Test
    void aConnectionClosedBeforeAnyResponseByteIsRetriedOnceOnly() throws Exception {
        model.drop().json(CannedModel.textReply("second try"));
        try (TargetHandle handle = open(false, List.of())) {
            assertThat(handle.runTurn("u", "s", "hi").finalText()).isEqualTo("second try");
        }
        assertThat(model.requests).hasSize(2);
        model.drop().drop();
        try (TargetHandle handle = open(false, List.of())) {
            assertThatThrownBy(() -> handle.runTurn("u", "s2", "hi"))
                    .isInstanceOf(IOException.class).hasMessageContaining("header parser received no bytes");
        }
        assertThat(model.requests).hasSize(4);
    }

    @Test
    void aStreamCutBeforeDoneFailsTheTurn() throws Exception {
        model.events("{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"}}]}");
        try (TargetHandle handle = open(true, List.of())) {
            assertThatThrownBy(() -> handle.runTurn("u", "s", "hi"))
                    .isInstanceOf(IOException.class)
                    .hasMessage("The stream ended before data: [DONE]");
        }
    }

    @Test
    void sessionsKeepTheirHistoryUntilDeleted() throws Exception {
        model.json(CannedModel.textReply("one")).json(CannedModel.textReply("two")).json(CannedModel.textReply("three"));
        try (TargetHandle handle = open(false, List.of())) {
            handle.runTurn("u", "s", "first");
            handle.runTurn("u", "s", "second");
            handle.deleteSession("u", "s");
            handle.runTurn("u", "s", "third");
        }
        assertThat(model.requests.get(1)).contains("first").contains("\"content\":\"one\"").contains("second");
        assertThat(model.requests.get(2)).doesNotContain("first").contains("third");
    }

    @Test
    void agentsShareOneClientSoBuildingThousandsStartsNoThreadEach() throws Exception {
        try (TargetHandle first = open(false, List.of())) {
            model.json(CannedModel.textReply("warm"));
            first.runTurn("u", "s", "hi");
        }
        long before = selectorThreads();
        for (int i = 0; i < 500; i++) {
            open(false, List.of()).close();
        }
        // a client per agent starts a selector thread each, which only the garbage collector ends
        assertThat(selectorThreads()).isLessThanOrEqualTo(before);
        model.json(CannedModel.textReply("still here"));
        try (TargetHandle after = open(false, List.of())) {
            assertThat(after.runTurn("u", "s2", "hi")).isEqualTo(TurnResult.text("still here"));
        }
    }

    private static long selectorThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                .filter(thread -> thread.getName().contains("SelectorManager")).count();
    }

    @Test
    void aStreamOptionThatIsNotBooleanIsRefused() {
        TargetContext context = new TargetContext(model.baseUrl(), "key", "m", "i", List.of(),
                Script.singleText("unused", "hi", "hello"), Map.of("stream", "yes"));
        assertThatThrownBy(() -> new RawTarget().open(context))
                .hasMessage("Target option [stream] must be true or false, was [yes]");
    }
}
