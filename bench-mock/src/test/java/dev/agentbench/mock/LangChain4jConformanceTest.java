package dev.agentbench.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** LangChain4j's OpenAI client (1.19) against the running mock. */
class LangChain4jConformanceTest extends RunningMockTest {

    private static OpenAiStreamingChatModel streaming(String script) {
        return OpenAiStreamingChatModel.builder().baseUrl(mock.baseUrl(script)).apiKey("unused").modelName("gpt-4o-mini")
                .timeout(ConformanceScripts.CLIENT_TIMEOUT).build();
    }

    private static OpenAiChatModel blocking(String script) {
        return OpenAiChatModel.builder().baseUrl(mock.baseUrl(script)).apiKey("unused").modelName("gpt-4o-mini")
                .timeout(ConformanceScripts.CLIENT_TIMEOUT).maxRetries(0).build();
    }

    private static ChatRequest request(List<ChatMessage> messages) {
        List<ToolSpecification> tools = new ArrayList<>();
        for (String name : List.of("get_weather", "get_time")) {
            tools.add(ToolSpecification.builder().name(name).description(name)
                    .parameters(JsonObjectSchema.builder().addStringProperty("city").build()).build());
        }
        return ChatRequest.builder().messages(messages).toolSpecifications(tools).build();
    }

    /** Streams {@code request}; the text partials seen go to {@code partials}. */
    private static ChatResponse stream(OpenAiStreamingChatModel model, ChatRequest request, StringBuilder partials)
            throws Exception {
        CompletableFuture<ChatResponse> done = new CompletableFuture<>();
        model.chat(request, new StreamingChatResponseHandler() {
            @Override
            public void onPartialResponse(String partial) {
                partials.append(partial);
            }

            @Override
            public void onCompleteResponse(ChatResponse response) {
                done.complete(response);
            }

            @Override
            public void onError(Throwable error) {
                done.completeExceptionally(error);
            }
        });
        return done.get(30, TimeUnit.SECONDS);
    }

    private static void assertParallelCalls(AiMessage message) {
        List<ToolExecutionRequest> calls = message.toolExecutionRequests();
        List<ScriptedToolCall> expected = ConformanceScripts.parallelCalls();
        assertThat(calls).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(calls.get(i).id()).isEqualTo(Script.toolCallId(0, 0, i));
            assertThat(calls.get(i).name()).isEqualTo(expected.get(i).name());
            assertThat(calls.get(i).arguments()).isEqualTo(expected.get(i).arguments());
        }
    }

    @Test
    void streamedParallelToolCallsArriveAsThreeCallsThenTextAfterTheResults() throws Exception {
        List<ChatMessage> messages = new ArrayList<>(List.of(UserMessage.from("Weather in three cities?")));
        ChatResponse first = stream(streaming("parallel"), request(messages), new StringBuilder());
        assertParallelCalls(first.aiMessage());
        messages.add(first.aiMessage());
        for (ToolExecutionRequest call : first.aiMessage().toolExecutionRequests()) {
            messages.add(ToolExecutionResultMessage.from(call, "{\"ok\":true}"));
        }
        ChatResponse second = stream(streaming("parallel"), request(messages), new StringBuilder());
        assertThat(second.aiMessage().text()).isEqualTo("Paris is sunny.");
        assertThat(second.aiMessage().hasToolExecutionRequests()).isFalse();
    }

    @Test
    void nonStreamedParallelToolCalls() {
        ChatResponse response = blocking("parallel").chat(request(List.of(UserMessage.from("Weather?"))));
        assertParallelCalls(response.aiMessage());
    }

    @Test
    void streamedTextReassemblesExactlyWithUsage() throws Exception {
        StringBuilder partials = new StringBuilder();
        ChatResponse response = stream(streaming("text"), request(List.of(UserMessage.from("Hi"))), partials);
        assertThat(partials.toString()).isEqualTo(TestScripts.TEXT);
        assertThat(response.aiMessage().text()).isEqualTo(TestScripts.TEXT);
        assertThat(response.tokenUsage()).isNotNull();
        assertThat(response.tokenUsage().totalTokenCount()).isPositive();
    }

    @Test
    void everyFaultIsAnErrorStreamed() {
        for (String script : ConformanceScripts.FAULTS.keySet()) {
            StringBuilder partials = new StringBuilder();
            try {
                ChatResponse response = stream(streaming(script), request(List.of(UserMessage.from("Hi"))), partials);
                fail("Fault [" + script + "] surfaced as a success: " + response);
            } catch (ExecutionException e) {
                assertThat(e.getCause()).as(script).isNotNull();
            } catch (Exception e) {
                fail("Fault [" + script + "] did not surface as a client error: " + e);
            }
        }
    }

    @Test
    void everyFaultIsAnErrorNonStreamed() {
        for (String script : ConformanceScripts.FAULTS.keySet()) {
            assertThatThrownBy(() -> blocking(script).chat(request(List.of(UserMessage.from("Hi"))))).as(script)
                    .isInstanceOf(RuntimeException.class);
        }
    }
}
