package dev.agentbench.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.openai.errors.OpenAIIoException;
import java.io.EOFException;
import java.io.IOException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import reactor.core.Exceptions;

class SpringAiHandleTest {

    @Test
    void aFailureIsReportedWithoutReactorsOrTheAsyncClientsWrappers() {
        IllegalStateException failure = new IllegalStateException("500: scripted failure");
        assertThat(SpringAiHandle.unwrap(new CompletionException(failure))).isSameAs(failure);
        IOException checked = new IOException("closed");
        assertThat(SpringAiHandle.unwrap(Exceptions.propagate(checked))).isSameAs(checked);
        assertThat(SpringAiHandle.unwrap(failure)).isSameAs(failure);
    }

    @Test
    void theSdksBareIoFailureNamesTheClientAndItsCause() {
        Exception reported = SpringAiHandle.unwrap(new CompletionException(
                new OpenAIIoException("Request failed", new EOFException("\\n not found: limit=0"))));
        assertThat(reported).isInstanceOf(IOException.class)
                .hasMessage("The model call failed in Spring AI's OpenAI client: Request failed: java.io.EOFException: \\n not found: limit=0");
    }
}
