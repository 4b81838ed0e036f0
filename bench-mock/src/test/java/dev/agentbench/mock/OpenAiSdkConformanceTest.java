package dev.agentbench.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.JsonValue;
import com.openai.core.http.StreamResponse;
import com.openai.errors.OpenAIException;
import com.openai.errors.RateLimitException;
import com.openai.helpers.ChatCompletionAccumulator;
import com.openai.models.FunctionDefinition;
import com.openai.models.FunctionParameters;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionFunctionTool;
import com.openai.models.chat.completions.ChatCompletionMessage;
import com.openai.models.chat.completions.ChatCompletionMessageFunctionToolCall;
import com.openai.models.chat.completions.ChatCompletionMessageToolCall;
import com.openai.models.chat.completions.ChatCompletionStreamOptions;
import com.openai.models.chat.completions.ChatCompletionToolMessageParam;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptedToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The official OpenAI Java SDK (OkHttp transport) against the running mock. */
class OpenAiSdkConformanceTest extends RunningMockTest {

    private static OpenAIClient client(String script) {
        return OpenAIOkHttpClient.builder().baseUrl(mock.baseUrl(script)).apiKey("unused").maxRetries(0)
                .timeout(ConformanceScripts.CLIENT_TIMEOUT).build();
    }

    private static ChatCompletionCreateParams.Builder params(boolean usage) {
        ChatCompletionCreateParams.Builder params = ChatCompletionCreateParams.builder().model("gpt-4o-mini")
                .addUserMessage("Weather in three cities?");
        for (String name : List.of("get_weather", "get_time")) {
            params.addTool(ChatCompletionFunctionTool.builder().function(FunctionDefinition.builder().name(name)
                    .parameters(FunctionParameters.builder().putAdditionalProperty("type", JsonValue.from("object"))
                            .putAdditionalProperty("properties", JsonValue.from(Map.of())).build())
                    .build()).build());
        }
        if (usage) {
            params.streamOptions(ChatCompletionStreamOptions.builder().includeUsage(true).build());
        }
        return params;
    }

    /** Streams and accumulates; the text deltas seen go to {@code deltas}. */
    private static ChatCompletion stream(OpenAIClient client, ChatCompletionCreateParams params, StringBuilder deltas) {
        ChatCompletionAccumulator accumulator = ChatCompletionAccumulator.create();
        try (StreamResponse<ChatCompletionChunk> stream = client.chat().completions().createStreaming(params)) {
            stream.stream().forEach(chunk -> {
                accumulator.accumulate(chunk);
                chunk.choices().forEach(choice -> choice.delta().content().ifPresent(deltas::append));
            });
        }
        return accumulator.chatCompletion();
    }

    private static void assertParallelCalls(ChatCompletionMessage message) {
        List<ChatCompletionMessageToolCall> calls = message.toolCalls().orElseThrow();
        List<ScriptedToolCall> expected = ConformanceScripts.parallelCalls();
        assertThat(calls).hasSize(3);
        for (int i = 0; i < 3; i++) {
            ChatCompletionMessageFunctionToolCall call = calls.get(i).asFunction();
            assertThat(call.id()).isEqualTo(Script.toolCallId(0, 0, i));
            assertThat(call.function().name()).isEqualTo(expected.get(i).name());
            assertThat(call.function().arguments()).isEqualTo(expected.get(i).arguments());
        }
    }

    @Test
    void streamedParallelToolCallsArriveAsThreeCallsThenTextAfterTheResults() {
        OpenAIClient client = client("parallel");
        ChatCompletion first = stream(client, params(true).build(), new StringBuilder());
        assertThat(first.choices().get(0).finishReason()).isEqualTo(ChatCompletion.Choice.FinishReason.TOOL_CALLS);
        ChatCompletionMessage message = first.choices().get(0).message();
        assertParallelCalls(message);

        ChatCompletionCreateParams.Builder next = params(true).addMessage(message);
        for (ChatCompletionMessageToolCall call : message.toolCalls().orElseThrow()) {
            next.addMessage(ChatCompletionToolMessageParam.builder().toolCallId(call.asFunction().id())
                    .content("{\"ok\":true}").build());
        }
        ChatCompletion second = stream(client, next.build(), new StringBuilder());
        assertThat(second.choices().get(0).message().content()).hasValue("Paris is sunny.");
    }

    @Test
    void nonStreamedParallelToolCalls() {
        ChatCompletion completion = client("parallel").chat().completions().create(params(false).build());
        assertParallelCalls(completion.choices().get(0).message());
        assertThat(completion.choices().get(0).message().content()).isEmpty();
    }

    @Test
    void streamedTextReassemblesExactlyAndUsageArrivesOnlyWhenAsked() {
        StringBuilder deltas = new StringBuilder();
        ChatCompletion withUsage = stream(client("text"), params(true).build(), deltas);
        assertThat(deltas.toString()).isEqualTo(TestScripts.TEXT);
        assertThat(withUsage.choices().get(0).message().content()).hasValue(TestScripts.TEXT);
        assertThat(withUsage.usage()).isPresent();
        assertThat(withUsage.usage().get().totalTokens()).isPositive();

        ChatCompletion withoutUsage = stream(client("text"), params(false).build(), new StringBuilder());
        assertThat(withoutUsage.usage()).isEmpty();
    }

    @Test
    void everyFaultIsAnErrorStreamedAndNot() {
        for (String script : ConformanceScripts.FAULTS.keySet()) {
            OpenAIClient client = client(script);
            assertThatThrownBy(() -> stream(client, params(true).build(), new StringBuilder())).as(script + " streamed")
                    .isInstanceOf(OpenAIException.class);
            assertThatThrownBy(() -> client.chat().completions().create(params(false).build())).as(script)
                    .isInstanceOf(OpenAIException.class);
        }
        assertThatThrownBy(() -> client("f429").chat().completions().create(params(false).build()))
                .isInstanceOf(RateLimitException.class);
    }
}
