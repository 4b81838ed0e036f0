package dev.agentbench.llmagent;

import com.google.adk.models.LlmResponse;
import com.google.genai.types.Content;
import com.google.genai.types.FinishReason;
import com.google.genai.types.Part;
import io.reactivex.rxjava3.core.Flowable;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ChatCompletionsModelTest {

    private static LlmResponse fragment(String text) {
        return LlmResponse.builder().partial(true).content(Content.builder().role("model").parts(Part.fromText(text)).build()).build();
    }

    private static LlmResponse finish() {
        return LlmResponse.builder().finishReason(new FinishReason(FinishReason.Known.STOP))
                .content(Content.builder().role("model").build()).build();
    }

    @Test
    void aStreamThatEndsWithAFinishReasonPassesAsItIs() {
        ChatCompletionsModel.requireFinalChunk(Flowable.just(fragment("Hel"), fragment("lo"), finish()))
                .test().assertComplete().assertValueCount(3);
    }

    @Test
    void aStreamThatEndsWithoutAFinishReasonIsAnError() {
        ChatCompletionsModel.requireFinalChunk(Flowable.just(fragment("Hel"), fragment("lo")))
                .test()
                .assertValueCount(2)
                .assertError(e -> e instanceof IOException && e.getMessage().contains("no finish_reason"));
    }

    @Test
    void anEmptyStreamIsAnError() {
        ChatCompletionsModel.requireFinalChunk(Flowable.<LlmResponse>empty()).test().assertError(IOException.class);
    }
}
